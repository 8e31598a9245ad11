import { MessageSquare, Phone, PhoneOff, RotateCcw, SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { canRecognize } from '@/lib/recognition';
import type { PhoneAgent } from '@/features/phone/api/phone-agents';
import { AgentNotReady } from '@/features/phone/components/agent-not-ready';
import { CallStatusBadge } from '@/features/phone/components/badges';
import { CallClock } from '@/features/phone/components/call-clock';
import { SimulatorLog } from '@/features/phone/components/simulator-log';
import { TwimlDisclosure } from '@/features/phone/components/twiml-disclosure';
import { VariablesEditor, type RowErrors } from '@/features/phone/components/variables-editor';
import { useCallSimulator } from '@/features/phone/hooks/use-call-simulator';
import { toVariables, variableProblems, type VariableRow } from '@/features/phone/utils/form';
import { isAgentNotReady, usePhoneError, usePhoneMessage } from '@/features/phone/utils/messages';
import { prettyXml } from '@/features/phone/utils/twiml';

/**
 * The call simulator: a call to one of my agents in the browser, without Twilio, answered through
 * the very TwiML a real call gets. The agent speaks with the browser's voice; the caller speaks
 * (the browser's recognition, where it has one) or types, and may talk over the agent. The call
 * shows as a chat, with its status, its length, Hang up, and the last TwiML.
 */
export function CallSimulator({ agents }: { agents: PhoneAgent[] }) {
  const { t } = useTranslation('dashboard');
  const msg = usePhoneMessage();
  const say = usePhoneError();
  const { session, state } = useCallSimulator();
  const replyId = useId();
  const reply = useRef<HTMLInputElement>(null);
  const [agentId, setAgentId] = useState(() => agents.find((a) => a.status === 'active')?.id ?? agents[0]?.id ?? '');
  // The agent the call was made with (the picker may change meanwhile, for the next one).
  const [caller, setCaller] = useState<PhoneAgent | null>(null);
  const [rows, setRows] = useState<VariableRow[]>([]);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const { phase, call, problem } = state;
  const live = phase !== 'idle' && phase !== 'starting' && phase !== 'ended';
  const inCall = phase !== 'idle' && !(phase === 'starting' && !call);
  const selected = agents.find((a) => a.id === agentId);
  const agentName = caller?.name ?? selected?.name ?? '';

  // Once the call is answered the caller may talk: the box takes the focus.
  const answered = live && !!call;
  useEffect(() => {
    if (answered) reply.current?.focus();
  }, [answered]);

  const start = () => {
    const problems = variableProblems(rows);
    setRowErrors(Object.fromEntries(problems.map((p) => [p.row, { [p.field]: msg(p.message) }])));
    if (problems.length > 0 || !selected) return;
    setCaller(selected);
    void session.start({ id: selected.id, language: selected.language }, toVariables(rows));
  };

  const status =
    phase === 'starting'
      ? t('phone.simulator.status.starting', { name: agentName })
      : phase === 'speaking'
        ? t('phone.simulator.status.speaking', { name: agentName })
        : phase === 'listening'
          ? state.hearing
            ? t('phone.simulator.status.hearing')
            : state.listenSeconds !== null
              ? t('phone.simulator.status.listening', { count: state.listenSeconds })
              : t('phone.simulator.status.listeningNoTimer')
          : phase === 'sending'
            ? t('phone.simulator.status.sending', { name: agentName })
            : phase === 'ending'
              ? t('phone.simulator.status.ending')
              : phase === 'ended'
                ? t('phone.simulator.status.ended')
                : '';

  const canSend = (phase === 'listening' || phase === 'speaking') && state.draft.trim() !== '';
  const notReadyCode = problem && isAgentNotReady(problem.code) ? problem.code : null;

  return (
    <Section id="phone-simulator" title={t('phone.simulator.title')} description={t('phone.simulator.description')}>
      <div className="space-y-4">
        {!inCall ? (
          <div className="space-y-4">
            <SelectField label={t('phone.fields.agent')} hint={t('phone.simulator.agentHint')} value={agentId} onChange={(e) => setAgentId(e.target.value)} disabled={phase === 'starting'}>
              {agents.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.status === 'active' ? a.name : t('phone.agentNotActive', { name: a.name })}
                </option>
              ))}
            </SelectField>
            <details className="group">
              <summary className="cursor-pointer text-sm font-medium text-accent-700 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:text-accent-300">
                {rows.length > 0 ? t('phone.simulator.variablesCount', { count: rows.length }) : t('phone.simulator.variables')}
              </summary>
              <div className="mt-3">
                <VariablesEditor rows={rows} onChange={setRows} errors={rowErrors} disabled={phase === 'starting'} />
              </div>
            </details>
            {notReadyCode && problem?.agentId ? (
              <AgentNotReady code={notReadyCode} agentId={problem.agentId} agentName={agents.find((a) => a.id === problem.agentId)?.name} />
            ) : problem ? (
              <Notice tone="error">{say(problem)}</Notice>
            ) : null}
            <Button onClick={start} disabled={!selected || phase === 'starting'} className="w-full sm:w-auto" data-testid="sim-start">
              {phase === 'starting' ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Phone aria-hidden className="size-4 rtl:-scale-x-100" />}
              {phase === 'starting' ? t('phone.simulator.status.starting', { name: selected?.name ?? '' }) : t('phone.simulator.start')}
            </Button>
          </div>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span dir="auto" className="truncate font-medium">
                  {agentName}
                </span>
                {call ? <CallStatusBadge status={call.status} /> : null}
                <span className="text-zinc-600 dark:text-zinc-400" data-testid="sim-clock">
                  <span className="sr-only">{t('phone.fields.duration')} </span>
                  <CallClock since={state.startedAt} seconds={phase === 'ended' ? call?.durationSeconds : undefined} running={live} />
                </span>
                {call ? <span className="text-zinc-600 dark:text-zinc-400">{t('phone.simulator.turns', { count: call.turns })}</span> : null}
              </div>
              {phase === 'ended' ? (
                <Button size="sm" variant="secondary" onClick={session.reset}>
                  <RotateCcw aria-hidden className="size-4" />
                  {t('phone.simulator.newCall')}
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  className="border-red-200 text-red-700 hover:bg-red-50 dark:border-red-900 dark:text-red-300 dark:hover:bg-red-950/40"
                  onClick={() => void session.hangUp()}
                  disabled={phase === 'ending' || !call}
                >
                  <PhoneOff aria-hidden className="size-4" />
                  {t('phone.simulator.hangUp')}
                </Button>
              )}
            </div>

            <SimulatorLog lines={state.lines} agentName={agentName} waiting={phase === 'sending' || (phase === 'starting' && !call)} />

            <p aria-live="polite" data-testid="sim-status" className="min-h-5 text-sm text-zinc-600 dark:text-zinc-400">
              {status}
            </p>

            {problem ? <Notice tone="error">{say(problem)}</Notice> : null}

            {phase !== 'ended' ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  session.reply();
                }}
                className="space-y-3"
              >
                <label htmlFor={replyId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
                  {t('phone.simulator.reply')}
                </label>
                <div className="flex gap-2">
                  <input
                    ref={reply}
                    id={replyId}
                    data-testid="sim-reply"
                    value={state.draft}
                    onChange={(e) => session.setDraft(e.target.value)}
                    placeholder={t('phone.simulator.replyPlaceholder')}
                    autoComplete="off"
                    dir="auto"
                    maxLength={4000}
                    disabled={phase === 'ending'}
                    className="block h-10 w-full min-w-0 rounded-lg border border-zinc-300 bg-white px-3 text-sm shadow-sm outline-none transition placeholder:text-zinc-500 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 disabled:cursor-not-allowed disabled:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400 dark:disabled:bg-zinc-900/60"
                  />
                  <Button type="submit" disabled={!canSend} className="shrink-0">
                    <SendHorizontal aria-hidden className="size-4 rtl:-scale-x-100" />
                    {t('phone.simulator.send')}
                  </Button>
                </div>
                {canRecognize() ? (
                  <Switch label={t('phone.simulator.microphone')} description={t('phone.simulator.microphoneHint')} checked={state.microphone} onChange={session.setMicrophone} />
                ) : null}
              </form>
            ) : call?.conversationId ? (
              <Link
                to={`/dashboard/conversations/${encodeURIComponent(call.conversationId)}`}
                className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
              >
                <MessageSquare aria-hidden className="size-4" />
                {t('phone.simulator.openTranscript')}
              </Link>
            ) : null}

            {state.twiml ? <TwimlDisclosure twiml={prettyXml(state.twiml)} /> : null}
          </>
        )}
      </div>
    </Section>
  );
}

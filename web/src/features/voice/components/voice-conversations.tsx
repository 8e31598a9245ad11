import { AudioLines, Ear, Plus } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { canRecognize } from '@/lib/recognition';
import { useVoiceMessages } from '@/lib/voice';
import { useVoiceAgents, type VoiceAgent } from '@/features/voice/api/voice-agents';
import { NoVoiceAgents } from '@/features/voice/components/no-voice-agents';
import { RecordingClock } from '@/features/voice/components/recording-clock';
import { TalkButton } from '@/features/voice/components/talk-button';
import { VoiceLog } from '@/features/voice/components/voice-log';
import { useVoiceSession } from '@/features/voice/hooks/use-voice-session';
import type { Problem } from '@/features/voice/utils/voice-session';
import type { KeyOf } from '@/types/i18n-keys';

const PROBLEMS: Record<Problem, KeyOf<'dashboard'>> = {
  denied: 'voice.errors.denied',
  noDevice: 'voice.errors.noDevice',
  busy: 'voice.errors.busy',
  insecure: 'voice.errors.insecure',
  unsupported: 'voice.errors.unsupported',
  other: 'voice.errors.other',
  tooShort: 'voice.errors.tooShort',
};

/** One agent's voice conversation: the talk panel beside the conversation. */
function VoicePanel({
  agent,
  agents,
  conversationId,
  onAgent,
  onConversation,
}: {
  agent: VoiceAgent;
  agents: VoiceAgent[];
  conversationId: string | null;
  onAgent: (id: string) => void;
  onConversation: (id: string | null) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { session, state } = useVoiceSession({ agent, conversationId, onConversation });
  const messages = useVoiceMessages(conversationId);
  const { talk, turn, speaking, problem, handsFree } = state;

  const status =
    talk === 'starting'
      ? t('voice.talk.starting')
      : talk === 'recording'
        ? handsFree
          ? t('voice.talk.recordingHandsFree')
          : t('voice.talk.recording')
        : speaking
          ? t('voice.talk.speaking')
          : turn && turn.status !== 'failed'
            ? t('voice.talk.sending')
            : state.listening
              ? t('voice.talk.starting')
              : handsFree
                ? t('voice.talk.handsFree')
                : t('voice.talk.idle');

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <section aria-labelledby="voice-talk-title" className="space-y-5 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm lg:sticky lg:top-20 dark:border-zinc-800 dark:bg-zinc-900">
        <h2 id="voice-talk-title" className="sr-only">
          {t('voice.talkTitle')}
        </h2>
        <SelectField label={t('voice.agent')} value={agent.id} onChange={(e) => onAgent(e.target.value)}>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
        <Switch label={t('voice.handsFree')} description={t('voice.handsFreeHint')} checked={handsFree} onChange={(on) => void session.setHandsFree(on)} />

        <div className="flex flex-col items-center gap-3 py-2">
          <TalkButton talk={talk} onStart={() => void session.startTalking()} onStop={() => void session.stopTalking()} />
          <div className="flex min-h-10 flex-col items-center gap-1 text-center text-sm text-zinc-600 dark:text-zinc-400">
            <p aria-live="polite" data-testid="voice-status" className="inline-flex items-center gap-1.5">
              {speaking ? <AudioLines aria-hidden className="size-4 shrink-0 text-accent-600 dark:text-accent-400" /> : null}
              {handsFree && talk === 'idle' && !speaking ? <Ear aria-hidden className="size-4 shrink-0 text-accent-600 dark:text-accent-400" /> : null}
              {status}
            </p>
            {/* Outside the live region: a clock read out every second would drown the rest. */}
            {state.recordingSince !== null ? <RecordingClock since={state.recordingSince} /> : null}
          </div>
        </div>

        {talk === 'recording' && (canRecognize() || state.liveText) ? (
          <div className="rounded-xl bg-zinc-50 px-3 py-2 text-sm dark:bg-zinc-800/60">
            <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{t('voice.liveTranscript')}</p>
            <p data-testid="voice-live-transcript" dir="auto" className="mt-0.5 min-h-5 text-zinc-800 dark:text-zinc-100">
              {state.liveText || <span className="text-zinc-400 dark:text-zinc-500">…</span>}
            </p>
          </div>
        ) : null}

        {problem ? <Notice tone={problem === 'tooShort' ? 'info' : 'error'}>{t(PROBLEMS[problem])}</Notice> : null}

        <Button variant="secondary" className="w-full" onClick={session.newConversation} disabled={!conversationId && !turn}>
          <Plus aria-hidden className="size-4" />
          {t('voice.newConversation')}
        </Button>
      </section>

      <section aria-labelledby="voice-log-title" className="min-w-0 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h2 id="voice-log-title" className="mb-4 text-base font-semibold">
          {t('voice.history')}
        </h2>
        {messages.isError ? <Notice tone="error">{messages.error.message}</Notice> : null}
        <VoiceLog messages={messages.data ?? []} turn={turn} agentName={agent.name} loading={!!conversationId && messages.isPending} />
      </section>
    </div>
  );
}

/**
 * /dashboard/conversations/voice: talk to an agent with voice turned on (the agent in `?agent=`,
 * the conversation in `?c=`, so a reload goes on with it).
 */
export function VoiceConversations() {
  const { t } = useTranslation('dashboard');
  const [search, setSearch] = useSearchParams();
  const agents = useVoiceAgents();
  const rows = agents.data ?? [];
  const voiceAgents = rows.filter((a) => a.voice_enabled);
  const selected = voiceAgents.find((a) => a.id === search.get('agent')) ?? voiceAgents[0];

  const onConversation = useCallback(
    (id: string | null) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set('c', id);
          else next.delete('c');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  return (
    <section className="flex w-full max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.voiceConversations.title')}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('pages.voiceConversations.description')}</p>
      </div>
      {agents.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" />
        </div>
      ) : agents.isError ? (
        <Notice tone="error">{agents.error.message}</Notice>
      ) : !selected ? (
        <NoVoiceAgents agents={rows} />
      ) : (
        <VoicePanel
          key={selected.id}
          agent={selected}
          agents={voiceAgents}
          conversationId={search.get('c')}
          onAgent={(id) => setSearch({ agent: id }, { replace: true })}
          onConversation={onConversation}
        />
      )}
    </section>
  );
}

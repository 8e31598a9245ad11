import { PhoneOutgoing } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { CALL_ERRORS, useInitiateCall } from '@/features/phone/api/calls';
import { usePhoneNumbers, type PhoneSetup } from '@/features/phone/api/phone';
import type { PhoneAgent } from '@/features/phone/api/phone-agents';
import { AgentNotReady } from '@/features/phone/components/agent-not-ready';
import { LiveCallCard } from '@/features/phone/components/live-call-card';
import { VariablesEditor, type RowErrors } from '@/features/phone/components/variables-editor';
import { numberProblem, toVariables, variableProblems, type VariableRow } from '@/features/phone/utils/form';
import { isAgentNotReady, usePhoneError, usePhoneMessage, type NotReadyCode } from '@/features/phone/utils/messages';

type Values = { agentId: string; phoneNumber: string; fromNumber: string; record: boolean };

/** The server's field errors on `variables.<name>` (or on `variables`), placed on their rows. */
function serverRowErrors(e: unknown, rows: VariableRow[], msg: (m?: string | null) => string | undefined): RowErrors | null {
  if (!(e instanceof ApiError)) return null;
  const out: RowErrors = {};
  let placed = false;
  for (const { field, message } of e.errors) {
    if (field === 'variables') {
      // A bad name: the first row whose name the server would refuse, else the first row.
      const index = Math.max(
        0,
        rows.findIndex((r) => !/^[A-Za-z0-9_]{1,64}$/.test(r.name.trim())),
      );
      out[index] = { ...out[index], name: msg(message) };
      placed = true;
    } else if (field.startsWith('variables.')) {
      const index = rows.findIndex((r) => r.name.trim() === field.slice('variables.'.length));
      if (index >= 0) {
        out[index] = { ...out[index], value: msg(message) };
        placed = true;
      }
    }
  }
  return placed ? out : null;
}

/**
 * "Place a test call": Twilio calls a number from my Twilio number (or one of my numbers) and my
 * agent talks when it is answered. The call is then followed live. Without Twilio it says so and
 * the form waits; the simulator beside it works meanwhile.
 */
export function TestCallCard({ agents, setup }: { agents: PhoneAgent[]; setup?: PhoneSetup }) {
  const { t } = useTranslation('dashboard');
  const msg = usePhoneMessage();
  const say = usePhoneError();
  const numbers = usePhoneNumbers();
  const initiate = useInitiateCall();
  const [callId, setCallId] = useState<string | null>(null);
  const [rows, setRows] = useState<VariableRow[]>([]);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const [notReady, setNotReady] = useState<{ code: NotReadyCode; agentId: string } | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<Values>({
    defaultValues: { agentId: agents.find((a) => a.status === 'active')?.id ?? agents[0]?.id ?? '', phoneNumber: '', fromNumber: '', record: false },
  });
  const errors = formState.errors;
  const configured = setup?.twilioConfigured ?? false;
  const fromChoices = (numbers.data ?? []).map((n) => n.phoneNumber).filter((n) => n !== setup?.fromNumber);

  const submit = handleSubmit((v) => {
    setNotReady(null);
    const problems = variableProblems(rows);
    setRowErrors(Object.fromEntries(problems.map((p) => [p.row, { [p.field]: msg(p.message) }])));
    if (problems.length > 0) return;
    initiate.mutate(
      { agentId: v.agentId, phoneNumber: v.phoneNumber.trim(), ...(v.fromNumber ? { fromNumber: v.fromNumber } : {}), variables: toVariables(rows), record: v.record },
      {
        onSuccess: (call) => setCallId(call.id),
        onError: (e) => {
          const onFields = applyServerFieldErrors(e, setError, ['agentId', 'phoneNumber', 'fromNumber']);
          const onRows = serverRowErrors(e, rows, msg);
          if (onRows) setRowErrors(onRows);
          if (onFields || onRows) return;
          if (e instanceof ApiError && isAgentNotReady(e.code)) setNotReady({ code: e.code, agentId: v.agentId });
          // The server's words, without repeating the title they may start with.
          const detail = say(e).replace(new RegExp(`^${CALL_ERRORS.initiate}[:.]?\\s*`), '');
          toast({ id: 'phone-initiate-failed', title: t('phone.call.failed'), description: detail || undefined, status: 'error' });
        },
      },
    );
  });

  return (
    <Section id="phone-test-call" title={t('phone.call.title')} description={t('phone.call.description')}>
      {callId ? (
        <LiveCallCard callId={callId} onAnother={() => setCallId(null)} />
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          {setup && !configured ? <Notice tone="info">{t('phone.call.needsTwilio')}</Notice> : null}
          {notReady ? <AgentNotReady code={notReady.code} agentId={notReady.agentId} agentName={agents.find((a) => a.id === notReady.agentId)?.name} /> : null}
          <fieldset disabled={!configured || initiate.isPending} className="space-y-4">
            <SelectField label={t('phone.fields.agent')} error={msg(errors.agentId?.message)} {...register('agentId', { required: 'phone.validation.required' })}>
              {agents.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.status === 'active' ? a.name : t('phone.agentNotActive', { name: a.name })}
                </option>
              ))}
            </SelectField>
            <FormField
              label={t('phone.fields.numberToCall')}
              hint={t('phone.call.numberHint')}
              placeholder="+14155552671"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              dir="ltr"
              required
              error={msg(errors.phoneNumber?.message)}
              {...register('phoneNumber', { validate: (v) => numberProblem(v) })}
            />
            <SelectField label={t('phone.fields.from')} hint={t('phone.call.fromHint')} error={msg(errors.fromNumber?.message)} {...register('fromNumber')}>
              <option value="">{setup?.fromNumber ? t('phone.call.fromDefault', { number: setup.fromNumber }) : t('phone.call.fromDefaultNone')}</option>
              {fromChoices.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </SelectField>
            <VariablesEditor rows={rows} onChange={setRows} errors={rowErrors} />
            <Controller
              control={control}
              name="record"
              render={({ field }) => <Switch label={t('phone.fields.record')} description={t('phone.call.recordHint')} checked={field.value} onChange={field.onChange} disabled={!configured} />}
            />
          </fieldset>
          <div className="flex justify-end">
            <Button type="submit" disabled={!configured || initiate.isPending || agents.length === 0}>
              {initiate.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <PhoneOutgoing aria-hidden className="size-4 rtl:-scale-x-100" />}
              {t('phone.call.submit')}
            </Button>
          </div>
        </form>
      )}
    </Section>
  );
}

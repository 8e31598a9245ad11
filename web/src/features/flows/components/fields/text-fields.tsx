import { useTranslation } from 'react-i18next';
import { TextareaField } from '@/components/ui/textarea-field';
import { useFlowField } from '@/features/flows/components/use-flow-field';
import { VoiceFields } from '@/features/flows/components/fields/voice-fields';
import type { FlowMode } from '@/features/flows/utils/types';

/** A text the node says (`data.text`). */
export function SaidText({ label, hint, rows = 3 }: { label: string; hint?: string; rows?: number }) {
  const { register, error } = useFlowField();
  return <TextareaField label={label} hint={hint} rows={rows} error={error('data.text')} {...register('data.text')} />;
}

/** A message: its text and, in the voice builder, how it is spoken. */
export function MessageFields({ mode }: { mode: FlowMode }) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <SaidText label={t('flowBuilder.fields.message')} />
      {mode === 'voice' ? <VoiceFields /> : null}
    </>
  );
}

/** A handoff's or an end's last words (optional). */
export function ClosingFields({ kind }: { kind: 'handoff' | 'end' }) {
  const { t } = useTranslation('dashboard');
  return <SaidText label={t('flowBuilder.fields.said')} hint={t(`flowBuilder.fields.saidHints.${kind}`)} rows={2} />;
}

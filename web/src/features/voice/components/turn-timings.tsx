import { useTranslation } from 'react-i18next';
import type { components } from '@/lib/api-types';
import { formatDuration } from '@/lib/format';
import type { VoiceTimings } from '@/lib/voice';
import type { KeyOf } from '@/types/i18n-keys';

const STAGES: Array<[KeyOf<'dashboard'>, (t: VoiceTimings) => number | null | undefined]> = [
  ['voice.timings.upload', (t) => t.uploadMs],
  ['voice.timings.transcription', (t) => t.transcriptionMs],
  ['voice.timings.firstToken', (t) => t.firstTokenMs],
  ['voice.timings.firstAudio', (t) => t.firstAudioMs],
  ['voice.timings.total', (t) => t.totalMs],
];

/** A turn's stage timings in one compact row, and who transcribed the question. */
export function TurnTimings({ timings, transcribedBy }: { timings: VoiceTimings; transcribedBy?: components['schemas']['TranscribedBy'] | null }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  return (
    <dl data-testid="turn-timings" aria-label={t('voice.timings.label')} className="mt-1.5 flex flex-wrap gap-x-3 gap-y-0.5 text-[11px] text-zinc-500 tabular-nums dark:text-zinc-400">
      {STAGES.map(([label, of]) => (
        <div key={label} className="flex gap-1">
          <dt>{t(label)}</dt>
          <dd className="font-medium text-zinc-700 dark:text-zinc-300">{formatDuration(lng, of(timings)) ?? '—'}</dd>
        </div>
      ))}
      {transcribedBy ? (
        <div className="flex gap-1">
          <dt>{t('voice.timings.transcribedBy')}</dt>
          <dd className="font-medium text-zinc-700 dark:text-zinc-300">{t(`voice.transcribedBy.${transcribedBy}`)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

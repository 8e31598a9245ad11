import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare, PhoneCall } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { AudioButton } from '@/components/voice/audio-button';
import { fetchCallRecording, isFinal, useCallStatus } from '@/features/phone/api/calls';
import { phoneKeys } from '@/features/phone/api/phone';
import { CallStatusBadge } from '@/features/phone/components/badges';
import { CallClock } from '@/features/phone/components/call-clock';
import { NumberText } from '@/features/phone/components/number-text';
import { usePhoneError } from '@/features/phone/utils/messages';

/**
 * A call just placed, followed every 2 s until it ends: its status, who calls whom, its length
 * (running while it goes on), the turns answered, why it failed, then its recording and transcript.
 */
export function LiveCallCard({ callId, onAnother }: { callId: string; onAnother: () => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const say = usePhoneError();
  const qc = useQueryClient();
  const status = useCallStatus(callId);
  const call = status.data;
  const over = call ? isFinal(call.status) : false;

  // The history shows how it ended.
  useEffect(() => {
    if (over) void qc.invalidateQueries({ queryKey: phoneKeys.histories() });
  }, [over, qc]);

  if (!call) {
    return status.isError ? (
      <Notice tone="error">{say(status.error)}</Notice>
    ) : (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  }

  return (
    <article data-testid="live-call" aria-labelledby={`call-${call.id}-title`} className="space-y-4 rounded-xl border border-zinc-200 bg-zinc-50/60 p-4 dark:border-zinc-800 dark:bg-zinc-800/30">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`call-${call.id}-title`} className="inline-flex items-center gap-2 text-sm font-semibold">
          <PhoneCall aria-hidden className="size-4 text-accent-600 rtl:-scale-x-100 dark:text-accent-400" />
          {over ? t('phone.live.ended') : t('phone.live.calling')}
        </h3>
        {/* Announced as it changes: queued, ringing, in progress, completed … */}
        <span aria-live="polite">
          <CallStatusBadge status={call.status} />
        </span>
      </header>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('phone.fields.to')}</dt>
          <dd>
            <NumberText value={call.to} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('phone.fields.from')}</dt>
          <dd>
            <NumberText value={call.from} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('phone.fields.duration')}</dt>
          <dd data-testid="live-call-duration">
            <CallClock since={call.answeredAt} seconds={call.durationSeconds} running={!over && call.status === 'in-progress'} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('phone.fields.turns')}</dt>
          <dd data-testid="live-call-turns" className="tabular-nums">
            {new Intl.NumberFormat(i18n.language).format(call.turns)}
          </dd>
        </div>
      </dl>
      {call.error ? (
        <p dir="auto" className="text-sm text-red-700 dark:text-red-400">
          {call.error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {call.recordingUrl ? <AudioButton load={(signal) => fetchCallRecording(call.id, signal)} label={t('phone.history.playRecording')} testId="call-recording" /> : null}
        {call.conversationId ? (
          <Link
            to={`/dashboard/conversations/${encodeURIComponent(call.conversationId)}`}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
          >
            <MessageSquare aria-hidden className="size-4" />
            {t('phone.history.transcript')}
          </Link>
        ) : null}
        {over ? (
          <Button size="sm" variant="secondary" className="ms-auto" onClick={onAnother}>
            {t('phone.call.another')}
          </Button>
        ) : null}
      </div>
    </article>
  );
}

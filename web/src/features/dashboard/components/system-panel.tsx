import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RealtimeIndicator } from '@/components/ui/realtime-indicator';
import type { SystemStatusOut } from '@/features/dashboard/types';
import { formatUptime } from '@/features/dashboard/utils/format';
import type { RealtimeStatus } from '@/lib/realtime';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 text-end">{children}</dd>
    </>
  );
}

/** Database, language model, realtime delivery, version and uptime of this server. */
export function SystemPanel({ status, live }: { status?: SystemStatusOut; live: RealtimeStatus }) {
  const { t, i18n } = useTranslation('dashboard');
  const state = !status ? 'checking' : status.status === 'ok' ? 'ok' : 'degraded';
  const dot = { checking: 'bg-zinc-400', ok: 'bg-emerald-500', degraded: 'bg-amber-500' }[state];
  return (
    <section aria-labelledby="system-status-title" className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h2 id="system-status-title" className="text-sm font-medium text-zinc-500 dark:text-zinc-400">
        {t('status.title')}
      </h2>
      <p className="mt-2 flex items-center gap-2 font-semibold">
        <span aria-hidden className={`size-2 rounded-full ${dot}`} />
        {state === 'checking' ? t('status.checking') : t(`overview.system.${state}`)}
      </p>
      {status ? (
        <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2.5 text-sm">
          <Row label={t('status.database')}>
            {t(`status.databases.${status.database}`, { defaultValue: status.database })}
            <span className={status.databaseOk ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-600 dark:text-red-400'}>
              {' · '}
              {status.databaseOk ? t('overview.system.databaseOk') : t('overview.system.databaseDown')}
            </span>
          </Row>
          <Row label={t('overview.system.llm')}>
            {status.llmConfigured ? (
              <span dir="ltr" className="font-mono text-xs break-all">
                {[status.llmProvider, status.llmModel].filter(Boolean).join(' · ')}
              </span>
            ) : (
              <span className="text-amber-700 dark:text-amber-300">{t('overview.system.builtin')}</span>
            )}
          </Row>
          <Row label={t('overview.system.realtime')}>
            <span className="flex flex-wrap items-center justify-end gap-2">
              {t(`overview.system.realtimeModes.${status.realtime}`, { defaultValue: status.realtime })}
              <RealtimeIndicator status={live} />
            </span>
          </Row>
          <Row label={t('status.version')}>
            <span dir="ltr" className="font-mono">
              {status.version}
            </span>
          </Row>
          <Row label={t('overview.system.uptime')}>{formatUptime(i18n.language, status.uptimeSeconds)}</Row>
        </dl>
      ) : null}
    </section>
  );
}

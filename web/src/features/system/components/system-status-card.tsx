import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '@/features/system/api/get-system-status';

export function SystemStatusCard() {
  const { t } = useTranslation('dashboard');
  const { data, isPending, isError } = useSystemStatus();
  const state = isPending ? 'checking' : isError ? 'unreachable' : 'operational';
  const dot = { checking: 'bg-zinc-400', unreachable: 'bg-red-500', operational: 'bg-emerald-500' }[state];
  return (
    <div className="rounded-xl border border-zinc-200 p-5 dark:border-zinc-800">
      <h2 className="text-sm font-medium text-zinc-500 dark:text-zinc-400">{t('status.title')}</h2>
      <p className="mt-2 flex items-center gap-2 font-semibold">
        <span className={`size-2 rounded-full ${dot}`} />
        {t(`status.${state}`)}
      </p>
      {data ? (
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          <dt className="text-zinc-500 dark:text-zinc-400">{t('status.version')}</dt>
          <dd dir="ltr" className="text-end font-mono">{data.version}</dd>
          <dt className="text-zinc-500 dark:text-zinc-400">{t('status.database')}</dt>
          <dd className="text-end">{t(`status.databases.${data.database}`)}</dd>
        </dl>
      ) : null}
    </div>
  );
}

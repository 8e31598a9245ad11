import { MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime } from '@/lib/format';
import { SMS_PAGE_SIZE, useSmsLog, type SmsLogEntry } from '@/features/phone/api/sms';
import { NumberText } from '@/features/phone/components/number-text';
import { usePhoneError } from '@/features/phone/utils/messages';
import type { KeyOf } from '@/types/i18n-keys';

/** The kinds of SMS the server sends, by the words it logs them with. */
const KINDS: Record<string, KeyOf<'dashboard'>> = {
  message: 'phone.sms.kinds.message',
  verification: 'phone.sms.kinds.verification',
  notification: 'phone.sms.kinds.notification',
};
const DIRECTIONS: Record<string, KeyOf<'dashboard'>> = { inbound: 'phone.direction.inbound', outbound: 'phone.direction.outbound' };

/** Twilio's statuses (`queued`, `sent`, `delivered` …), coloured by how they ended. */
function SmsStatus({ status }: { status: string }) {
  const tone = ['failed', 'undelivered', 'canceled'].includes(status)
    ? 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/30'
    : ['delivered', 'sent', 'received', 'read'].includes(status)
      ? 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30'
      : 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/30';
  // Twilio's own word, as its console shows it.
  return <span className={cn('inline-flex whitespace-nowrap rounded-full px-2 py-0.5 font-mono text-xs font-medium ring-1 ring-inset', tone)}>{status}</span>;
}

/** Every SMS sent from my account (messages, codes, notifications), newest first, ten a page. */
export function SmsLog({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const say = usePhoneError();
  const log = useSmsLog(page);
  const rows = log.data?.data ?? [];
  const meta = log.data?.meta ?? { page, limit: SMS_PAGE_SIZE, total: 0 };

  const columns: Column<SmsLogEntry>[] = [
    {
      id: 'direction',
      header: t('phone.fields.direction'),
      cell: (s) => (
        <span className="flex flex-col gap-0.5">
          <span className="whitespace-nowrap">{DIRECTIONS[s.direction] ? t(DIRECTIONS[s.direction]) : s.direction}</span>
          <span className="whitespace-nowrap text-xs text-zinc-500 dark:text-zinc-400">{KINDS[s.kind] ? t(KINDS[s.kind]) : s.kind}</span>
        </span>
      ),
    },
    { id: 'from', header: t('phone.fields.from'), className: 'hidden md:table-cell', cell: (s) => <NumberText value={s.from} /> },
    { id: 'to', header: t('phone.fields.to'), cell: (s) => <NumberText value={s.to} /> },
    {
      id: 'body',
      header: t('phone.sms.body'),
      cellClassName: 'max-w-sm',
      cell: (s) => (
        <p dir="auto" title={s.body} className="line-clamp-2 whitespace-pre-wrap break-words text-zinc-800 dark:text-zinc-200">
          {s.body}
        </p>
      ),
    },
    {
      id: 'status',
      header: t('phone.fields.status'),
      cell: (s) => (
        <span className="flex flex-col items-start gap-1">
          <SmsStatus status={s.status} />
          {s.error ? (
            <span dir="auto" className="max-w-56 text-xs text-red-700 dark:text-red-400">
              {s.error}
            </span>
          ) : null}
        </span>
      ),
    },
    { id: 'sent', header: t('phone.sms.sent'), className: 'hidden lg:table-cell', cellClassName: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400', cell: (s) => formatDateTime(s.createdAt, i18n.language) },
  ];

  return (
    <section aria-labelledby="phone-sms-title" className="space-y-4">
      <div>
        <h2 id="phone-sms-title" className="text-lg font-semibold">
          {t('phone.sms.title')}
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('phone.sms.description')}</p>
      </div>
      <DataTable
        caption={t('phone.sms.caption')}
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        rowProps={() => ({ 'data-testid': 'sms-row' })}
        loading={log.isPending}
        error={log.isError ? say(log.error) : null}
        empty={<EmptyState size="sm" bordered={false} icon={MessageSquareText} title={t('phone.sms.empty.title')} description={t('phone.sms.empty.description')} />}
        pagination={{ page: meta.page, pageSize: meta.limit || SMS_PAGE_SIZE, total: meta.total, noneLabel: t('phone.sms.none'), onPageChange: onPage }}
      />
    </section>
  );
}

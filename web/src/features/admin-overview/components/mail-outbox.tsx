import { Inbox, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { pageCount } from '@/components/ui/data-table-utils';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { OUTBOX_PAGE_SIZE, useMailOutboxPage, useResendMail, type Mail, type MailStatus } from '@/features/admin-overview/api/admin-overview';
import { RelativeTime } from '@/features/admin-overview/components/relative-time';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const STATUS_TONE: Record<MailStatus, string> = {
  stored: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950/40 dark:text-amber-300 dark:ring-amber-400/30',
  queued: 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950/40 dark:text-sky-300 dark:ring-sky-400/30',
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950/40 dark:text-emerald-300 dark:ring-emerald-400/30',
  failed: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950/40 dark:text-red-300 dark:ring-red-400/30',
};

/** What may be sent again: an email kept without a mail server, or one whose delivery failed. */
const RESENDABLE: ReadonlySet<MailStatus> = new Set<MailStatus>(['stored', 'failed']);

function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation('admin');
  return <span className={cn('inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', STATUS_TONE[status])}>{t(`overview.outbox.statuses.${status}`)}</span>;
}

const linkClass = 'font-medium underline underline-offset-2 hover:no-underline';

/**
 * The mail outbox, ten at a time, newest first: to whom, what, how it went. An email kept or
 * failed can be sent again; without a mail server the server refuses, and the card says where to
 * set one. `mailConfigured` false (the overview's health says so) adds what to do meanwhile.
 */
export function MailOutbox({ mailConfigured }: { mailConfigured: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const nf = new Intl.NumberFormat(i18n.language);
  const [page, setPage] = useState(1);
  const outbox = useMailOutboxPage(page);
  const resend = useResendMail();
  const [refusal, setRefusal] = useState<string | null>(null);
  const total = outbox.data?.meta.total ?? 0;

  // A page emptied meanwhile goes back to the last one.
  const last = pageCount(total, OUTBOX_PAGE_SIZE);
  if (outbox.isSuccess && !outbox.isPlaceholderData && page > last) setPage(last);

  const onResend = (m: Mail) =>
    resend.mutate(m.id, {
      onSuccess: () => {
        setRefusal(null);
        toast({ id: `mail-resend-${m.id}`, title: t('overview.outbox.resent', { to: m.to }), status: 'success' });
      },
      onError: (e) => {
        if (e instanceof ApiError && e.code === 'mail_not_configured') setRefusal(e.message);
        else toast({ id: `mail-resend-${m.id}`, title: t('overview.outbox.resendFailed'), description: e.message, status: 'error' });
      },
    });

  const columns: Column<Mail>[] = [
    {
      id: 'to',
      header: t('overview.outbox.columns.to'),
      cell: (m) => (
        <span dir="ltr" title={m.to} className="block max-w-48 truncate">
          {m.to}
        </span>
      ),
    },
    {
      id: 'subject',
      header: t('overview.outbox.columns.subject'),
      cellClassName: 'max-w-0 w-full',
      cell: (m) => (
        <span className="block min-w-0">
          <span dir="auto" title={m.subject} className="block truncate font-medium">
            {m.subject}
          </span>
          {m.template ? <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{t(`overview.outbox.templates.${m.template}`)}</span> : null}
        </span>
      ),
    },
    { id: 'status', header: t('overview.outbox.columns.status'), cell: (m) => <MailStatusBadge status={m.status} /> },
    {
      id: 'attempts',
      header: t('overview.outbox.columns.attempts'),
      align: 'end',
      className: 'hidden md:table-cell',
      cellClassName: 'tabular-nums text-zinc-600 dark:text-zinc-400',
      cell: (m) => nf.format(m.attempts),
    },
    {
      id: 'error',
      header: t('overview.outbox.columns.error'),
      className: 'hidden lg:table-cell',
      cell: (m) =>
        m.error ? (
          <span dir="auto" title={m.error} className="block max-w-56 truncate text-xs text-red-700 dark:text-red-400">
            {m.error}
          </span>
        ) : (
          <span className="text-xs text-zinc-400">—</span>
        ),
    },
    {
      id: 'time',
      header: t('overview.outbox.columns.time'),
      className: 'hidden sm:table-cell',
      cellClassName: 'whitespace-nowrap text-xs text-zinc-500 dark:text-zinc-400',
      cell: (m) => <RelativeTime iso={m.sentAt ?? m.createdAt} />,
    },
    {
      id: 'actions',
      header: t('overview.outbox.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (m) => {
        if (!RESENDABLE.has(m.status)) return null;
        const pending = resend.isPending && resend.variables === m.id;
        return (
          <Button size="sm" variant="secondary" onClick={() => onResend(m)} disabled={pending}>
            {pending ? <Spinner className="size-3.5" /> : <Send aria-hidden className="size-3.5 rtl:-scale-x-100" />}
            {pending ? t('overview.outbox.sending') : t('overview.outbox.sendAgain')}
          </Button>
        );
      },
    },
  ];

  return (
    <Section id="overview-outbox" title={t('overview.outbox.title')} description={t('overview.outbox.description')}>
      <div className="space-y-4">
        {!mailConfigured ? (
          <Notice tone="info">
            <p>
              {t('overview.outbox.noServer')}{' '}
              <Link to="/admin/configuration#mail" className={linkClass}>
                {t('overview.outbox.noServerAction')}
              </Link>
            </p>
            <p className="mt-1">
              {t('overview.outbox.verifyHint')}{' '}
              <Link to="/admin/users" className={linkClass}>
                {t('overview.outbox.usersLink')}
              </Link>
            </p>
          </Notice>
        ) : null}
        {refusal ? (
          <Notice tone="error">
            <p>{refusal}</p>
            <Link to="/admin/configuration#mail" className={cn('mt-1 inline-block', linkClass)}>
              {t('overview.outbox.openMailSettings')}
            </Link>
          </Notice>
        ) : null}
        <DataTable
          variant="plain"
          caption={t('overview.outbox.caption')}
          columns={columns}
          rows={outbox.data?.data}
          rowKey={(m) => m.id}
          rowProps={() => ({ 'data-testid': 'outbox-mail' })}
          loading={outbox.isPending}
          error={outbox.isError ? outbox.error.message : null}
          empty={<EmptyState size="sm" bordered={false} icon={Inbox} title={t('overview.outbox.empty')} description={t('overview.outbox.emptyHint')} />}
          pagination={total > OUTBOX_PAGE_SIZE ? { page, pageSize: OUTBOX_PAGE_SIZE, total, onPageChange: setPage, noneLabel: t('overview.outbox.none') } : undefined}
        />
      </div>
    </Section>
  );
}

import { Archive, Mail, MailCheck, MessageSquare, Reply } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes';
import { cn } from '@/components/ui/cn';
import { Pagination } from '@/components/ui/data-table';
import { pageCount } from '@/components/ui/data-table-utils';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { CONTACT_PAGE_SIZE, useContactMessagesPage, type ContactMessage } from '@/features/admin-overview/api/admin-overview';
import { RelativeTime } from '@/features/admin-overview/components/relative-time';

const linkClass = 'font-medium underline underline-offset-2 hover:no-underline';

/** A message longer than what three lines show (more lines, or one long paragraph) gets "Show all". */
const isLong = (text: string) => text.split('\n').length > 3 || text.length > 240;

/** `mailto:` an address, with a subject when given; the address keeps its `@`, the rest is encoded. */
function mailto(email: string, subject?: string): string {
  const to = encodeURIComponent(email).replace(/%40/g, '@');
  return subject === undefined ? `mailto:${to}` : `mailto:${to}?subject=${encodeURIComponent(subject)}`;
}

/** The message's words as the sender typed them: plain text (never HTML), three lines until opened. */
function MessageText({ text }: { text: string }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [open, setOpen] = useState(false);
  const long = isLong(text);
  return (
    <div className="mt-3">
      <p id={id} dir="auto" data-testid="contact-message-text" className={cn('text-sm break-words whitespace-pre-wrap text-zinc-700 dark:text-zinc-300', long && !open && 'line-clamp-3')}>
        {text}
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="mt-1 text-xs font-medium text-accent-700 hover:underline dark:text-accent-300"
        >
          {open ? t('overview.contact.showLess') : t('overview.contact.showAll')}
        </button>
      ) : null}
    </div>
  );
}

/** Whether the message was mailed to the operator, or only kept here (and where to set the address). */
function Delivery({ mailedTo }: { mailedTo: string | null | undefined }) {
  const { t } = useTranslation('admin');
  if (mailedTo)
    return (
      <p data-testid="contact-delivery" data-mailed="true" className="mt-2 flex items-start gap-1.5 text-xs text-emerald-700 dark:text-emerald-400">
        <MailCheck aria-hidden className="mt-px size-3.5 shrink-0" />
        <span className="min-w-0 break-words">{t('overview.contact.mailedTo', { address: mailedTo })}</span>
      </p>
    );
  return (
    <p data-testid="contact-delivery" data-mailed="false" className="mt-2 flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-300">
      <Archive aria-hidden className="mt-px size-3.5 shrink-0" />
      <span className="min-w-0">
        {t('overview.contact.kept')}{' '}
        <Link to="/admin/configuration#general" className={linkClass}>
          {t('overview.contact.keptAction')}
        </Link>
      </span>
    </p>
  );
}

/** One message: subject, who sent it, when, whether it reached the operator, the words, and Reply. */
function ContactMessageItem({ message: m }: { message: ContactMessage }) {
  const { t } = useTranslation('admin');
  const subject = m.subject.trim() || t('overview.contact.noSubject');
  return (
    <li data-testid="contact-message" className="py-4 first:pt-0 last:pb-0">
      <article aria-label={subject}>
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0 flex-1">
            <h3 dir="auto" className="font-semibold break-words">
              {subject}
            </h3>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-zinc-600 dark:text-zinc-400">
              <span dir="auto" className="break-words">
                {m.company ? `${m.name} · ${m.company}` : m.name}
              </span>
              <a href={mailto(m.email)} dir="ltr" className="inline-flex min-w-0 items-center gap-1 break-all text-accent-700 hover:underline dark:text-accent-300">
                <Mail aria-hidden className="size-3.5 shrink-0" />
                {m.email}
              </a>
              <RelativeTime iso={m.createdAt} className="text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400" />
            </p>
          </div>
          <a href={mailto(m.email, t('overview.contact.replySubject', { subject: m.subject }))} className={buttonClasses('secondary', 'sm')}>
            <Reply aria-hidden className="size-3.5 rtl:-scale-x-100" />
            {t('overview.contact.reply')}
          </a>
        </div>
        <Delivery mailedTo={m.mailedTo} />
        <MessageText text={m.message} />
      </article>
    </li>
  );
}

/**
 * What people sent through the public contact form, five at a time, newest first: each message
 * with a Reply link (the visitor's address, "Re: " and the subject), and whether it was mailed to
 * the operator or only kept here, with where to set the operator's address.
 */
export function ContactMessages() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const messages = useContactMessagesPage(page);
  const total = messages.data?.meta.total ?? 0;
  const rows = messages.data?.data ?? [];

  // A page emptied meanwhile goes back to the last one.
  const last = pageCount(total, CONTACT_PAGE_SIZE);
  if (messages.isSuccess && !messages.isPlaceholderData && page > last) setPage(last);

  return (
    <Section id="overview-contact" title={t('overview.contact.title')} description={t('overview.contact.description')}>
      {messages.isPending ? (
        <div role="status" className="flex justify-center py-6">
          <Spinner className="size-5" />
          <span className="sr-only">{t('overview.contact.loading')}</span>
        </div>
      ) : messages.isError && !messages.data ? (
        <Notice tone="error">
          {t('overview.contact.loadFailed')}
          <span className="block text-xs opacity-80">{messages.error.message}</span>
        </Notice>
      ) : rows.length === 0 ? (
        <EmptyState
          size="sm"
          bordered={false}
          icon={MessageSquare}
          title={t('overview.contact.empty')}
          description={t('overview.contact.emptyHint', { path: '/contact' })}
          action={
            <Link to="/contact" className={cn('text-sm', linkClass)}>
              {t('overview.contact.openForm')}
            </Link>
          }
        />
      ) : (
        <div className="space-y-4">
          <ul aria-label={t('overview.contact.caption')} className={cn('divide-y divide-zinc-200 dark:divide-zinc-800', messages.isPlaceholderData && 'opacity-60')}>
            {rows.map((m) => (
              <ContactMessageItem key={m.id} message={m} />
            ))}
          </ul>
          {total > CONTACT_PAGE_SIZE ? <Pagination page={page} pageSize={CONTACT_PAGE_SIZE} total={total} onPageChange={setPage} noneLabel={t('overview.contact.none')} /> : null}
        </div>
      )}
    </Section>
  );
}

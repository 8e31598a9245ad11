import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField, REQUIRED_MARK } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { useSendContactMessage, type ContactInput } from '@/features/marketing/api/contact';
import { ContactSent } from '@/features/marketing/components/contact-sent';
import { CONTACT_FIELDS, CONTACT_LIMITS, contactSchema, useContactMessage, type ContactValues } from '@/features/marketing/utils/contact-validation';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { charCount } from '@/lib/text';

const EMPTY: ContactValues = { name: '', email: '', company: '', subject: '', message: '', website: '' };

/** What the form sends: the trimmed fields, leaving out the empty optional ones. */
function toInput(v: ContactValues): ContactInput {
  return {
    name: v.name,
    email: v.email,
    ...(v.company ? { company: v.company } : {}),
    subject: v.subject,
    message: v.message,
    // Only form-filling robots fill the hidden field: sent as they left it, so the server can tell.
    ...(v.website ? { website: v.website } : {}),
  };
}

type Failure = { rateLimited: boolean };

/**
 * The contact form: name, email, company, subject and message (with the characters left), a
 * hidden field for robots, and once sent a thank-you in its place.
 */
export function ContactForm() {
  const { t } = useTranslation('home');
  const msg = useContactMessage();
  const id = useId();
  const send = useSendContactMessage();
  const [sent, setSent] = useState<ContactValues | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [another, setAnother] = useState(0);
  const { register, handleSubmit, formState, setError, control, reset, setFocus } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY,
  });
  const errors = formState.errors;
  const message = useWatch({ control, name: 'message' });
  const left = CONTACT_LIMITS.message - charCount(message.trim());

  // "Send another message": the form is back, its sender kept; start at the subject.
  useEffect(() => {
    if (another > 0) setFocus('subject');
  }, [another, setFocus]);

  const submit = handleSubmit((values) => {
    setFailure(null);
    send.mutate(toInput(values), {
      onSuccess: () => setSent(values),
      onError: (e) => {
        if (applyServerFieldErrors(e, setError, CONTACT_FIELDS)) return;
        setFailure({ rateLimited: e instanceof ApiError && (e.status === 429 || e.code === 'rate_limited') });
      },
    });
  });

  const startOver = (from: ContactValues) => {
    reset({ ...EMPTY, name: from.name, email: from.email, company: from.company });
    send.reset();
    setSent(null);
    setAnother((n) => n + 1);
  };

  if (sent) return <ContactSent email={sent.email} onAnother={() => startOver(sent)} />;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} className="space-y-5">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('contact.form.title')}
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('contact.form.requiredNote')}</p>
      </div>
      {failure ? (
        <Notice tone="error">
          <p className="font-medium">{t('contact.errors.failed')}</p>
          <p className="mt-0.5">{failure.rateLimited ? t('contact.errors.rateLimited') : t('contact.errors.tryAgain')}</p>
        </Notice>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label={t('contact.fields.name')}
          autoComplete="name"
          dir="auto"
          required
          className={REQUIRED_MARK}
          error={msg('name', errors.name?.message)}
          {...register('name')}
        />
        <FormField
          label={t('contact.fields.email')}
          type="email"
          autoComplete="email"
          dir="ltr"
          required
          className={REQUIRED_MARK}
          hint={t('contact.fields.emailHint')}
          error={msg('email', errors.email?.message)}
          {...register('email')}
        />
      </div>
      <FormField label={t('contact.fields.company')} autoComplete="organization" dir="auto" error={msg('company', errors.company?.message)} {...register('company')} />
      <FormField label={t('contact.fields.subject')} dir="auto" required className={REQUIRED_MARK} error={msg('subject', errors.subject?.message)} {...register('subject')} />
      <TextareaField
        label={t('contact.fields.message')}
        rows={7}
        required
        className={REQUIRED_MARK}
        hint={left >= 0 ? t('contact.form.charactersLeft', { count: left }) : t('contact.form.charactersOver', { count: -left })}
        error={msg('message', errors.message?.message)}
        {...register('message')}
      />
      {/* For robots only: off-screen (not display:none, which they skip), hidden from assistive
          technology and out of the tab order; people leave it empty. */}
      <div aria-hidden="true" className="absolute -start-[9999px] top-auto size-px overflow-hidden">
        <label htmlFor={`${id}-website`}>{t('contact.fields.website')}</label>
        <input id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('contact.form.privacy')}</p>
        <Button type="submit" className="shrink-0" disabled={send.isPending} aria-busy={send.isPending || undefined}>
          {send.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Send aria-hidden className="size-4 rtl:-scale-x-100" />}
          {t('contact.form.send')}
        </Button>
      </div>
    </form>
  );
}

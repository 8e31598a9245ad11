import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** What replaces the contact form once the message went: thanks, the address the reply goes to, and a way to write again. */
export function ContactSent({ email, onAnother }: { email: string; onAnother: () => void }) {
  const { t } = useTranslation('home');
  const heading = useRef<HTMLHeadingElement>(null);

  // The form the focus was in is gone: move it to the news, so it is read out.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="flex flex-col items-center px-2 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-950/60 dark:text-emerald-400">
        <CheckCircle2 aria-hidden className="size-6" />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-xl font-semibold tracking-tight text-balance outline-none">
        {t('contact.sent.title')}
      </h2>
      <p className="mt-2 max-w-md text-pretty text-zinc-600 dark:text-zinc-400">
        <Trans t={t} i18nKey="contact.sent.body" values={{ email }} components={[<bdi key="email" className="font-medium break-all text-zinc-900 dark:text-zinc-100" />]} />
      </p>
      <Button variant="secondary" className="mt-6" onClick={onAnother}>
        {t('contact.sent.another')}
      </Button>
    </div>
  );
}

import { History } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useConfiguration, type Configuration } from '@/features/configuration/api/configuration';
import { ConfigurationNav } from '@/features/configuration/components/configuration-nav';
import { FeaturesSection } from '@/features/configuration/components/features-section';
import { GeneralSection } from '@/features/configuration/components/general-section';
import { KeySection } from '@/features/configuration/components/key-section';
import { LimitsSection } from '@/features/configuration/components/limits-section';
import { MailSection } from '@/features/configuration/components/mail-section';
import { ModelSection } from '@/features/configuration/components/model-section';
import { PricingSection } from '@/features/configuration/components/pricing-section';
import { StripeSection } from '@/features/configuration/components/stripe-section';
import { TranscriptionSection } from '@/features/configuration/components/transcription-section';
import { TwilioSection } from '@/features/configuration/components/twilio-section';
import { formatAgo, formatDateTime } from '@/lib/format';

/** Who saved last and when ("Last saved by ada@example.com 5 minutes ago"). */
function LastSaved({ config }: { config: Configuration }) {
  const { t, i18n } = useTranslation('admin');
  const when = formatAgo(config.updatedAt, i18n.language);
  if (!config.updatedAt || !when) return <p className="mt-3 text-sm text-zinc-500 dark:text-zinc-400">{t('configuration.neverSaved')}</p>;
  return (
    <p data-testid="config-last-saved" className="mt-3 flex items-center gap-1.5 text-sm text-zinc-500 dark:text-zinc-400" title={formatDateTime(config.updatedAt, i18n.language)}>
      <History aria-hidden className="size-4 shrink-0" />
      <span>{config.updatedBy ? t('configuration.lastSaved', { email: config.updatedBy, when }) : t('configuration.lastSavedNoName', { when })}</span>
    </p>
  );
}

/**
 * /admin/configuration: the settings in force, one card per concern, each saved on its own and
 * applied at once. Each card says whether its values are saved here or come from the
 * environment; secrets show only whether they are set; the integrations can be tried with the
 * form's values before saving. `#model`, `#features`… lead to a card.
 */
export function AdminConfiguration() {
  const { t } = useTranslation('admin');
  const config = useConfiguration();
  const { hash } = useLocation();
  const data = config.data;
  const loaded = Boolean(data);

  // A link to a card (/admin/configuration#features) lands on it once the cards are there.
  useEffect(() => {
    if (!loaded || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [loaded, hash]);

  const isSaved = (name: string) => Boolean(data?.saved.includes(name));

  return (
    <div className="w-full space-y-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.configuration.title')}</h1>
        <p className="mt-2 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t('configuration.description')}</p>
        {data ? <LastSaved config={data} /> : null}
      </header>

      {data ? (
        <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8">
          <ConfigurationNav saved={data.saved} />
          <div className="min-w-0 space-y-6">
            <GeneralSection current={data.settings.general} saved={isSaved('general')} />
            <ModelSection current={data.settings.model} saved={isSaved('model')} />
            <PricingSection current={data.settings.pricing} saved={isSaved('pricing')} />
            <MailSection current={data.settings.mail} saved={isSaved('mail')} />
            <TwilioSection current={data.settings.twilio} saved={isSaved('twilio')} />
            <KeySection name="elevenlabs" current={data.settings.elevenlabs} saved={isSaved('elevenlabs')} />
            <TranscriptionSection current={data.settings.transcription} saved={isSaved('transcription')} />
            <KeySection name="gemini" current={data.settings.gemini} saved={isSaved('gemini')} />
            <StripeSection current={data.settings.stripe} saved={isSaved('stripe')} />
            <LimitsSection current={data.settings.limits} saved={isSaved('limits')} />
            <FeaturesSection current={data.settings.features} saved={isSaved('features')} />
          </div>
        </div>
      ) : config.isError ? (
        <Notice
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void config.refetch()} disabled={config.isFetching}>
              {t('configuration.retry')}
            </Button>
          }
        >
          {t('configuration.loadFailed')}
          <span className="block text-xs opacity-80">{config.error.message}</span>
        </Notice>
      ) : (
        <div role="status" className="flex justify-center py-16">
          <Spinner className="size-8" />
          <span className="sr-only">{t('configuration.loading')}</span>
        </div>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { CopyField } from '@/components/ui/copy-field';
import { Section } from '@/components/ui/section';
import type { PhoneSetup } from '@/features/phone/api/phone';

/**
 * The three URLs to paste on a number in the Twilio console, each with where it goes: the voice
 * webhook ("A call comes in"), the messaging webhook ("A message comes in") and the call status
 * callback, all HTTP POST.
 */
export function WebhookUrls({ setup }: { setup: PhoneSetup }) {
  const { t } = useTranslation('dashboard');
  return (
    <Section id="phone-webhooks" title={t('phone.webhooks.title')} description={t('phone.webhooks.description')}>
      <div className="space-y-5">
        <CopyField label={t('phone.webhooks.voice')} value={setup.voiceUrl} hint={t('phone.webhooks.voiceHint')} testId="phone-voice-url" />
        <CopyField label={t('phone.webhooks.sms')} value={setup.smsUrl} hint={t('phone.webhooks.smsHint')} testId="phone-sms-url" />
        <CopyField label={t('phone.webhooks.status')} value={setup.statusUrl} hint={t('phone.webhooks.statusHint')} testId="phone-status-url" />
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('phone.webhooks.signature')}</p>
      </div>
    </Section>
  );
}

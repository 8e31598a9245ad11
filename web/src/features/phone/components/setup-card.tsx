import { AudioLines, Globe, Phone, PlugZap, Settings2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminConfigurationLink } from '@/components/system/admin-configuration-link';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import type { PhoneSetup } from '@/features/phone/api/phone';
import { NumberText } from '@/features/phone/components/number-text';

/** Settings › Integrations, opened on Twilio's form. */
export const TWILIO_SETTINGS = '/dashboard/settings?service=twilio#integrations';

function Fact({ icon, term, children, testId }: { icon: ReactNode; term: string; children: ReactNode; testId?: string }) {
  // A <dl>'s group holds only its <dt> and <dd>: the icon goes with the term.
  return (
    <div className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800" data-testid={testId}>
      <dt className="flex items-center gap-2 text-xs font-medium text-zinc-500 dark:text-zinc-400">
        <span aria-hidden className="flex size-6 shrink-0 items-center justify-center rounded-md bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="mt-2 text-sm text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

function Pill({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        ok
          ? 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30'
          : 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30',
      )}
    >
      <span aria-hidden className={cn('size-1.5 rounded-full', ok ? 'bg-emerald-500' : 'bg-amber-500')} />
      {children}
    </span>
  );
}

/**
 * How this server takes calls, honestly: whether a Twilio account is connected (mine, else the
 * server's) and where to connect one, the number calls come from, the public URL Twilio must
 * reach (warned about when it cannot: only the simulator works then), and who speaks for the agent.
 */
export function SetupCard({ setup, onSimulator }: { setup: PhoneSetup; onSimulator: () => void }) {
  const { t } = useTranslation('dashboard');
  const connected = setup.twilioConfigured;
  return (
    <Section
      id="phone-setup"
      title={t('phone.setup.title')}
      description={t('phone.setup.description')}
      action={
        <Pill ok={connected}>{connected ? t('phone.setup.connected') : t('phone.setup.notConnected')}</Pill>
      }
    >
      <div className="space-y-4">
        {!connected ? (
          <Notice
            tone="warning"
            action={
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <Link to={TWILIO_SETTINGS} className="inline-flex items-center gap-1 font-medium text-accent-700 hover:underline dark:text-accent-300">
                  <PlugZap aria-hidden className="size-3.5 shrink-0" />
                  {t('phone.setup.connectLink')}
                </Link>
                <AdminConfigurationLink section="twilio">{t('phone.setup.adminLink')}</AdminConfigurationLink>
                <Button size="sm" variant="secondary" onClick={onSimulator}>
                  {t('phone.setup.trySimulator')}
                </Button>
              </div>
            }
          >
            <p className="font-medium">{t('phone.setup.notConnectedTitle')}</p>
            <p className="mt-0.5">{t('phone.setup.notConnectedDetail')}</p>
          </Notice>
        ) : null}
        {!setup.publicUrlReachable ? (
          <Notice tone="warning" action={<AdminConfigurationLink section="general">{t('phone.setup.generalLink')}</AdminConfigurationLink>}>
            <p data-testid="phone-unreachable">{t('phone.setup.unreachable', { url: setup.publicUrl })}</p>
          </Notice>
        ) : null}
        <dl className="grid gap-3 sm:grid-cols-2">
          <Fact icon={<Phone className="size-3.5" />} term={t('phone.setup.twilio')} testId="phone-setup-twilio">
            {connected ? t('phone.setup.twilioConnected') : t('phone.setup.twilioMissing')}
          </Fact>
          <Fact icon={<Settings2 className="size-3.5" />} term={t('phone.setup.fromNumber')}>
            {setup.fromNumber ? <NumberText value={setup.fromNumber} /> : <span className="text-zinc-500 dark:text-zinc-400">{t('phone.setup.noFromNumber')}</span>}
          </Fact>
          <Fact icon={<Globe className="size-3.5" />} term={t('phone.setup.publicUrl')}>
            <span className="flex flex-wrap items-center gap-2">
              <span dir="ltr" className="break-all font-mono text-[0.8125rem]">
                {setup.publicUrl}
              </span>
              <Pill ok={setup.publicUrlReachable}>{setup.publicUrlReachable ? t('phone.setup.reachable') : t('phone.setup.notReachable')}</Pill>
            </span>
          </Fact>
          <Fact icon={<AudioLines className="size-3.5" />} term={t('phone.setup.voice')}>
            <span className="font-medium">{setup.voiceProvider ? t('phone.setup.voiceElevenLabs') : t('phone.setup.voiceTwilio')}</span>
            <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">
              {setup.voiceProvider ? t('phone.setup.voiceElevenLabsDetail') : t('phone.setup.voiceTwilioDetail')}
            </span>
          </Fact>
        </dl>
      </div>
    </Section>
  );
}

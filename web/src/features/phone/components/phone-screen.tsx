import { Bot, MessageSquareText, PhoneCall, Settings2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { usePhoneSetup } from '@/features/phone/api/phone';
import { usePhoneAgents, type PhoneAgent } from '@/features/phone/api/phone-agents';
import { CallHistory } from '@/features/phone/components/call-history';
import { CallSimulator } from '@/features/phone/components/call-simulator';
import { ConnectionSummary } from '@/features/phone/components/connection-summary';
import { NumbersCard } from '@/features/phone/components/numbers-card';
import { SetupCard } from '@/features/phone/components/setup-card';
import { SmsLog } from '@/features/phone/components/sms-log';
import { TestCallCard } from '@/features/phone/components/test-call-card';
import { WebhookUrls } from '@/features/phone/components/webhook-urls';
import { usePhoneParams, type PhoneTab } from '@/features/phone/hooks/use-phone-params';
import { usePhoneError } from '@/features/phone/utils/messages';

function Loading() {
  return (
    <div className="flex justify-center py-12">
      <Spinner className="size-8" />
    </div>
  );
}

/** No agent yet: nothing can take a call. */
function NoAgents() {
  const { t } = useTranslation('dashboard');
  return (
    <EmptyState
      icon={Bot}
      title={t('phone.noAgents.title')}
      description={t('phone.noAgents.description')}
      action={<ButtonLink to="/dashboard/agents/create">{t('phone.noAgents.create')}</ButtonLink>}
    />
  );
}

/**
 * /dashboard/conversations/phone, /dashboard/integrations/twilio and /dashboard/twilio: the phone
 * integration, in three tabs: Calls (the call simulator, which needs no Twilio, a test call
 * through Twilio followed live, and the history), Setup (whether Twilio is connected, the public
 * URL, the webhook URLs to paste in Twilio, and the numbers that reach an agent) and SMS (the
 * log). Each route opens on its own tab (`defaultTab`); another is kept in `?tab=`.
 */
export function PhoneScreen({ defaultTab }: { defaultTab: PhoneTab }) {
  const { t } = useTranslation('dashboard');
  const say = usePhoneError();
  const { tab, setTab, history, updateHistory, clearHistory, smsPage, setSmsPage } = usePhoneParams(defaultTab);
  const setup = usePhoneSetup();
  const agents = usePhoneAgents();
  const list: PhoneAgent[] = agents.data ?? [];

  const needAgents = (content: () => ReactNode) =>
    agents.isPending ? <Loading /> : agents.isError ? <Notice tone="error">{say(agents.error)}</Notice> : list.length === 0 ? <NoAgents /> : content();

  const tabs: Array<{ id: PhoneTab; title: string; icon: ReactNode }> = [
    { id: 'calls', title: t('phone.tabs.calls'), icon: <PhoneCall aria-hidden className="size-4 rtl:-scale-x-100" /> },
    { id: 'setup', title: t('phone.tabs.setup'), icon: <Settings2 aria-hidden className="size-4" /> },
    { id: 'sms', title: t('phone.tabs.sms'), icon: <MessageSquareText aria-hidden className="size-4" /> },
  ];

  return (
    <div className="w-full max-w-6xl space-y-6">
      <header className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.phone.title')}</h1>
        <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('pages.phone.description')}</p>
      </header>
      <Tabs label={t('phone.tabs.label')} tabs={tabs} selected={tab} onSelect={setTab}>
        {(id) =>
          id === 'calls' ? (
            <>
              {setup.isError ? <Notice tone="error">{say(setup.error)}</Notice> : <ConnectionSummary setup={setup.data} onSetup={() => setTab('setup')} />}
              {needAgents(() => (
                <>
                  <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
                    <CallSimulator agents={list} />
                    <TestCallCard agents={list} setup={setup.data} />
                  </div>
                  <CallHistory params={history} agents={list} onChange={updateHistory} onClear={clearHistory} />
                </>
              ))}
            </>
          ) : id === 'setup' ? (
            setup.isPending ? (
              <Loading />
            ) : setup.isError ? (
              <Notice tone="error">{say(setup.error)}</Notice>
            ) : (
              <>
                <SetupCard setup={setup.data} onSimulator={() => setTab('calls')} />
                <WebhookUrls setup={setup.data} />
                {needAgents(() => (
                  <NumbersCard agents={list} />
                ))}
              </>
            )
          ) : (
            <SmsLog page={smsPage} onPage={setSmsPage} />
          )
        }
      </Tabs>
    </div>
  );
}

import { MicOff, Settings2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { VoiceAgent } from '@/features/voice/api/voice-agents';

/** How many agents the empty state offers to turn voice on for. */
const OFFERED = 5;

/** None of my agents takes voice: how to turn it on, with a link to each agent's voice settings. */
export function NoVoiceAgents({ agents }: { agents: VoiceAgent[] }) {
  const { t } = useTranslation(['dashboard', 'agents']);
  const editable = agents.filter((a) => a.access !== 'view').slice(0, OFFERED);
  return (
    <EmptyState
      icon={MicOff}
      title={t('voice.noAgents.title')}
      description={agents.length === 0 ? t('voice.noAgents.none') : t('voice.noAgents.description', { setting: t('agents:form.fields.voiceEnabled'), section: t('agents:form.voice.title') })}
      action={
        agents.length === 0 ? (
          <ButtonLink to="/dashboard/agents/create">{t('voice.noAgents.create')}</ButtonLink>
        ) : (
          <ul className="flex flex-col items-center gap-2">
            {editable.map((a) => (
              <li key={a.id}>
                <Link
                  to={`/dashboard/agents/${encodeURIComponent(a.id)}/edit#voice`}
                  className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
                >
                  <Settings2 aria-hidden className="size-4" />
                  {t('voice.noAgents.turnOn', { name: a.name })}
                </Link>
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}

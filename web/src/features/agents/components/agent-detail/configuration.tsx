import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@/features/agents/api/agents';
import { Card } from '@/features/agents/components/card';
import { capitalize } from '@/features/agents/utils/messages';

/** The agent's settings at a glance: greeting, language, model, voice, knowledge base, instructions. */
export function Configuration({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const rows: Array<[string, ReactNode]> = [
    [t('form.fields.greeting'), agent.greeting || '—'],
    [t('form.fields.language'), agent.language],
    [t('config.model'), `${agent.model.provider ? t(`providers.${agent.model.provider}`, { defaultValue: agent.model.provider }) : t('providers.server')}${agent.model.model ? ` · ${agent.model.model}` : ''} · T ${agent.model.temperature} · ${agent.model.maxTokens}`],
    [t('config.voice'), `${capitalize(agent.voice_model_id || 'rachel')} · ${agent.voice_enabled ? t('config.on') : t('config.off')}`],
    [t('config.knowledgeBase'), agent.useKnowledgeBase ? t('config.on') : t('config.off')],
  ];
  return (
    <Card id="configuration" title={t('config.title')}>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-zinc-500 dark:text-zinc-400">{k}</dt>
            <dd dir="auto" className="min-w-0 break-words text-start">{v}</dd>
          </div>
        ))}
      </dl>
      {agent.instructions ? (
        <details className="mt-4 rounded-lg bg-zinc-50 p-3 text-sm dark:bg-zinc-800/50">
          <summary className="cursor-pointer font-medium">{t('form.fields.instructions')}</summary>
          <p className="mt-2 whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{agent.instructions}</p>
        </details>
      ) : null}
    </Card>
  );
}


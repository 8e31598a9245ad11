import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button';
import { Section } from '@/components/ui/section';
import { SelectField } from '@/components/ui/select-field';
import { Tabs } from '@/components/ui/tabs';
import { example, KEY_VARIABLE, type ExampleKind } from '@/features/api-keys/utils/examples';
import type { AgentOption } from '@/lib/agent-options';
import type { KeyOf } from '@/types/i18n-keys';

const KINDS: Array<{ id: ExampleKind; title: KeyOf<'dashboard'>; hint: KeyOf<'dashboard'> }> = [
  { id: 'curl', title: 'apiKeys.examples.curl', hint: 'apiKeys.examples.curlHint' },
  { id: 'python', title: 'apiKeys.examples.python', hint: 'apiKeys.examples.pythonHint' },
  { id: 'javascript', title: 'apiKeys.examples.javascript', hint: 'apiKeys.examples.javascriptHint' },
  { id: 'mcp', title: 'apiKeys.examples.mcp', hint: 'apiKeys.examples.mcpHint' },
];

/** The placeholder for an agent's id when there is no agent to pick yet. */
const NO_AGENT = 'AGENT_ID';

/**
 * Ready-to-copy calls of an agent through the OpenAI-compatible API (curl, the official Python
 * and JavaScript SDKs) and a desktop MCP client's configuration, filled with this server's
 * address and the agent picked.
 */
export function CodeExamples({ agents }: { agents: AgentOption[] }) {
  const { t } = useTranslation('dashboard');
  const [kind, setKind] = useState<ExampleKind>('curl');
  const [picked, setPicked] = useState<string | null>(null);
  const agentId = picked ?? agents[0]?.id ?? NO_AGENT;
  const host = window.location.origin;
  return (
    <Section id="api-examples" title={t('apiKeys.examples.title')} description={t('apiKeys.examples.description', { variable: KEY_VARIABLE })}>
      <div className="space-y-4">
        <SelectField
          label={t('apiKeys.examples.agent')}
          hint={agents.length === 0 ? t('apiKeys.examples.noAgents') : t('apiKeys.examples.agentHint')}
          value={agentId}
          onChange={(e) => setPicked(e.target.value)}
          disabled={agents.length === 0}
          className="max-w-sm"
        >
          {agents.length === 0 ? <option value={NO_AGENT}>{t('apiKeys.examples.noAgentOption')}</option> : null}
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
        <Tabs label={t('apiKeys.examples.label')} tabs={KINDS.map((k) => ({ id: k.id, title: t(k.title) }))} selected={kind} onSelect={setKind}>
          {(id) => {
            const code = example(id, host, agentId);
            const kindText = KINDS.find((k) => k.id === id) ?? KINDS[0];
            const hint = kindText.hint;
            const title = t(kindText.title);
            return (
              <div className="space-y-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  {hint ? <p className="min-w-0 flex-1 text-sm text-zinc-600 dark:text-zinc-400">{t(hint, { variable: KEY_VARIABLE })}</p> : null}
                  <CopyButton
                    text={code}
                    label={t('apiKeys.examples.copy')}
                    ariaLabel={t('apiKeys.examples.copyLabel', { example: title })}
                    copied={t('apiKeys.examples.copied')}
                    failed={t('apiKeys.examples.copyFailed')}
                  />
                </div>
                <pre dir="ltr" data-testid="api-example" className="overflow-x-auto rounded-xl bg-zinc-950 p-4 text-start font-mono text-xs leading-relaxed text-zinc-100 dark:bg-black/50">
                  <code>{code}</code>
                </pre>
              </div>
            );
          }}
        </Tabs>
      </div>
    </Section>
  );
}

import { Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useLendServer, useUpdateLoan } from '@/features/agents/api/agent-tools';
import { errorMessage, useAgentMessage } from '@/features/agents/utils/messages';
import { ApiError } from '@/lib/api-client';
import type { McpAssignment, McpServer } from '@/lib/mcp';
import { toast } from '@/lib/toast';

/** The server's bounds on a loan's priority. */
const PRIORITY_MIN = -1000;
const PRIORITY_MAX = 1000;

/**
 * Lends one of my MCP servers to the agent, or changes a loan: which of the server's tools the
 * agent uses (none chosen: all, also those it adds later) and its priority among the agent's
 * servers. The tools to choose from are the ones the server's last test found.
 */
export function LendDialog({ agentId, loan, servers, onClose }: { agentId: string; loan?: McpAssignment; servers: McpServer[]; onClose: () => void }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const lend = useLendServer(agentId);
  const update = useUpdateLoan(agentId);
  const toolsId = useId();
  const [serverId, setServerId] = useState(loan?.mcpServerId ?? servers[0]?.id ?? '');
  const chosenTools = loan?.configuration.tools ?? [];
  const [only, setOnly] = useState(chosenTools.length > 0);
  const [tools, setTools] = useState<string[]>(chosenTools);
  const [priority, setPriority] = useState(String(loan?.priority ?? 0));
  const [errors, setErrors] = useState<{ tools?: string; priority?: string; form?: string }>({});
  const server = loan ? loan.server : servers.find((s) => s.id === serverId);
  const pending = lend.isPending || update.isPending;

  const pickServer = (id: string) => {
    setServerId(id);
    setTools([]);
    setOnly(false);
  };

  const submit = async () => {
    const value = Number(priority);
    const next: typeof errors = {};
    if (!Number.isInteger(value) || value < PRIORITY_MIN || value > PRIORITY_MAX) next.priority = t('tools.validation.priority', { min: PRIORITY_MIN, max: PRIORITY_MAX });
    if (only && tools.length === 0) next.tools = t('tools.validation.pickTool');
    setErrors(next);
    if (next.priority || next.tools || !server) return;
    const configuration = { tools: only ? tools : [] };
    try {
      if (loan) await update.mutateAsync({ serverId: loan.mcpServerId, patch: { configuration, priority: value } });
      else await lend.mutateAsync({ mcpServerId: server.id, configuration, permissions: [], priority: value });
      toast({ title: loan ? t('tools.saved', { name: server.name }) : t('tools.added', { name: server.name }), status: 'success' });
      onClose();
    } catch (e) {
      const fields = e instanceof ApiError ? e.errors : [];
      setErrors({
        tools: fields.find((f) => f.field === 'configuration.tools')?.message,
        priority: fields.find((f) => f.field === 'priority')?.message,
        form: fields.some((f) => f.field === 'configuration.tools' || f.field === 'priority') ? undefined : msg(errorMessage(e)),
      });
    }
  };

  return (
    <Dialog
      title={loan ? t('tools.dialog.editTitle', { name: loan.server.name }) : t('tools.dialog.addTitle')}
      description={t('tools.dialog.description')}
      closeLabel={t('tools.close')}
      onClose={onClose}
      dismissable={!pending}
      className="max-w-xl"
    >
      {!loan && servers.length === 0 ? (
        <div className="space-y-4">
          <Notice tone="info">{t('tools.dialog.noServers')}</Notice>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('tools.cancel')}
            </Button>
            <ButtonLink to="/dashboard/mcp/create">{t('tools.dialog.addServer')}</ButtonLink>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
          {loan ? null : (
            <SelectField label={t('tools.dialog.server')} value={serverId} onChange={(e) => pickServer(e.target.value)}>
              {servers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.enabled ? s.name : t('tools.dialog.disabledServer', { name: s.name })}
                </option>
              ))}
            </SelectField>
          )}
          {server ? (
            <fieldset className="space-y-2" aria-describedby={errors.tools ? `${toolsId}-error` : undefined}>
              <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('tools.dialog.tools')}</legend>
              <label className="flex items-start gap-2 text-sm">
                <input type="radio" name={`${toolsId}-scope`} checked={!only} onChange={() => setOnly(false)} className="mt-0.5 size-4 accent-accent-600" />
                <span>{t('tools.dialog.allTools')}</span>
              </label>
              <label className="flex items-start gap-2 text-sm">
                <input type="radio" name={`${toolsId}-scope`} checked={only} onChange={() => setOnly(true)} disabled={server.tools.length === 0} className="mt-0.5 size-4 accent-accent-600" />
                <span>{t('tools.dialog.someTools')}</span>
              </label>
              {server.tools.length === 0 ? (
                <Notice tone="info">
                  {t('tools.dialog.untested')}{' '}
                  <Link to={`/dashboard/mcp/edit/${server.id}`} className="font-medium underline">
                    {t('tools.dialog.testServer')}
                  </Link>
                </Notice>
              ) : only ? (
                <ul aria-label={t('tools.dialog.toolList')} className="ms-6 max-h-64 space-y-1 overflow-y-auto rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
                  {server.tools.map((tool) => (
                    <li key={tool.name}>
                      <label className="flex items-start gap-2 rounded px-1 py-1 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/60">
                        <input
                          type="checkbox"
                          checked={tools.includes(tool.name)}
                          onChange={(e) => setTools((list) => (e.target.checked ? [...list, tool.name] : list.filter((n) => n !== tool.name)))}
                          className="mt-0.5 size-4 shrink-0 rounded accent-accent-600"
                        />
                        <span className="min-w-0">
                          <span dir="ltr" className="block truncate font-mono text-xs font-medium">
                            {tool.name}
                          </span>
                          {tool.description ? (
                            <span dir="auto" className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                              {tool.description}
                            </span>
                          ) : null}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              ) : null}
              {errors.tools ? (
                <p id={`${toolsId}-error`} className="text-sm text-red-600 dark:text-red-400">
                  {errors.tools}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          <div>
            <FormField
              label={t('tools.dialog.priority')}
              type="number"
              inputMode="numeric"
              step={1}
              min={PRIORITY_MIN}
              max={PRIORITY_MAX}
              value={priority}
              onChange={(e) => setPriority(e.target.value)}
              error={errors.priority}
              className="max-w-40"
            />
            <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{t('tools.dialog.priorityHint')}</p>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('tools.cancel')}
            </Button>
            <Button type="submit" disabled={pending || !server}>
              {pending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Link2 aria-hidden className="size-4" />}
              {loan ? t('tools.dialog.save') : t('tools.dialog.add')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

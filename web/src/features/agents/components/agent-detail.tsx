import { ArrowLeft, Copy, Download, History, Link2, MessageSquare, Pencil, Rocket, Share2, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { SelectField, selectClasses } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import {
  downloadJson,
  ENVIRONMENTS,
  exportAgent,
  useAgent,
  useDeleteAgent,
  useDeployAgent,
  useDuplicateAgent,
  useRestoreVersion,
  useShareAgent,
  useVersions,
  type Agent,
  type Environment,
} from '@/features/agents/api/agents';
import { AnalyticsCard } from '@/features/agents/components/analytics-card';
import { Card } from '@/features/agents/components/card';
import { DocumentsPanel } from '@/features/agents/components/documents-panel';
import { RecentConversations } from '@/features/agents/components/recent-conversations';
import { StatusBadge, Tag } from '@/features/agents/components/status-badge';
import { TeamBadge } from '@/features/agents/components/team-badge';
import { capitalize, errorMessage, TOASTS, useAgentMessage } from '@/features/agents/utils/messages';
import { editsAgents, useMyTeams } from '@/lib/teams';
import { toast } from '@/lib/toast';

function useDateTime() {
  const { i18n } = useTranslation();
  return (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function Deployments({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const canEdit = agent.access !== 'view';
  const msg = useAgentMessage();
  const when = useDateTime();
  const deploy = useDeployAgent(agent.id);
  const versions = useVersions(agent.id);
  // The version chosen per environment; unchosen ones follow the current version.
  const [chosen, setChosen] = useState<Partial<Record<Environment, number>>>({});
  const byEnv = new Map((agent.deployments ?? []).map((d) => [d.environment, d]));
  const numbers = versions.data?.length ? versions.data.map((v) => v.version) : [agent.currentVersion];
  const onDeploy = (environment: Environment, version: number) =>
    deploy.mutate(
      { environment, version },
      {
        onSuccess: (d) => toast({ title: t('deploy.done', { version: d.version, environment: t(`environments.${environment}`) }), status: 'success' }),
        onError: (e) => toast({ title: t('deploy.failed'), description: msg(errorMessage(e)), status: 'error' }),
      },
    );
  return (
    <Card id="deployments" title={t('deploy.title')}>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {ENVIRONMENTS.map((env) => {
          const d = byEnv.get(env);
          const envName = t(`environments.${env}`);
          const selected = chosen[env] ?? agent.currentVersion;
          const running = d?.version === selected;
          const pending = deploy.isPending && deploy.variables?.environment === env;
          return (
            <li key={env} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 text-sm font-medium">
                  <span aria-hidden className={cn('size-2 rounded-full', d ? (env === 'production' ? 'bg-emerald-500' : 'bg-sky-500') : 'bg-zinc-300 dark:bg-zinc-600')} />
                  {envName}
                </p>
                <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
                  {d ? t('deploy.running', { version: d.version, date: when(d.deployedAt) }) : t('deploy.notDeployed')}
                </p>
              </div>
              {canEdit ? (
                <>
                  <label htmlFor={`deploy-version-${env}`} className="sr-only">
                    {t('deploy.versionLabel', { environment: envName })}
                  </label>
                  <select
                    id={`deploy-version-${env}`}
                    value={selected}
                    onChange={(e) => setChosen((c) => ({ ...c, [env]: Number(e.target.value) }))}
                    className={cn(selectClasses, 'h-8 w-auto border-zinc-300 dark:border-zinc-700')}
                  >
                    {numbers.map((n) => (
                      <option key={n} value={n}>
                        {n === agent.currentVersion ? t('deploy.versionCurrent', { version: n }) : t('deploy.version', { version: n })}
                      </option>
                    ))}
                  </select>
                  <Button
                    size="sm"
                    variant={running ? 'ghost' : 'secondary'}
                    disabled={running || pending}
                    onClick={() => onDeploy(env, selected)}
                    aria-label={t('deploy.buttonLabel', { version: selected, environment: envName })}
                  >
                    {pending ? <Spinner className="size-4" /> : <Rocket aria-hidden className="size-4" />}
                    {running ? t('deploy.upToDate') : d && selected < d.version ? t('deploy.rollback', { version: selected }) : t('deploy.button', { version: selected })}
                  </Button>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function Versions({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const when = useDateTime();
  const versions = useVersions(agent.id);
  const restore = useRestoreVersion(agent.id);
  const [confirm, setConfirm] = useState<number | null>(null);
  const deployedAt = (v: number) => (agent.deployments ?? []).filter((d) => d.version === v).map((d) => t(`environments.${d.environment}`));
  return (
    <Card id="versions" title={t('versions.title')}>
      {versions.isPending ? (
        <Spinner />
      ) : versions.isError ? (
        <Notice tone="error">{msg(errorMessage(versions.error))}</Notice>
      ) : (
        <ol className="max-h-80 space-y-1 overflow-y-auto">
          {versions.data.map((v) => {
            const current = v.version === agent.currentVersion;
            const envs = deployedAt(v.version);
            return (
              <li key={v.version} className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
                <span className="w-10 shrink-0 font-mono text-sm font-semibold tabular-nums">v{v.version}</span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm">{when(v.createdAt)}</p>
                  {envs.length ? <p className="text-xs text-emerald-700 dark:text-emerald-400">{envs.join(', ')}</p> : null}
                </div>
                {current ? (
                  <span className="rounded-full bg-accent-50 px-2 py-0.5 text-xs font-medium text-accent-700 dark:bg-accent-500/15 dark:text-accent-300">{t('versions.current')}</span>
                ) : agent.access === 'view' ? null : (
                  <Button size="sm" variant="ghost" onClick={() => setConfirm(v.version)} aria-label={t('versions.restoreLabel', { version: v.version })}>
                    <History aria-hidden className="size-4" />
                    {t('versions.restore')}
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {confirm !== null ? (
        <ConfirmDialog
          tone="primary"
          title={t('versions.confirmTitle', { version: confirm })}
          body={t('versions.confirmBody', { version: confirm })}
          confirmLabel={t('versions.restore')}
          cancelLabel={t('actions.cancel')}
          pending={restore.isPending}
          onCancel={() => setConfirm(null)}
          onConfirm={() =>
            restore.mutate(confirm, {
              onSuccess: (a) => {
                toast({ title: t('versions.restored', { version: confirm, current: a.currentVersion }), status: 'success' });
                setConfirm(null);
              },
              onError: (e) => {
                toast({ title: msg(errorMessage(e)) ?? '', status: 'error' });
                setConfirm(null);
              },
            })
          }
        />
      ) : null}
    </Card>
  );
}

/** Shares the agent with one of my teams (where I am not a viewer), or with no team. */
function TeamShare({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const share = useShareAgent(agent.id);
  const teams = useMyTeams();
  const current = agent.teamId ?? '';
  const [teamId, setTeamId] = useState(current);
  const options = (teams.data ?? []).filter((team) => editsAgents(team.role));
  const nameOf = (id: string) => teams.data?.find((team) => team.id === id)?.name ?? t('teamBadge.unknown');
  // A team the agent is in but I cannot share with (say, one I left) still shows as chosen.
  const stranger = current && !options.some((team) => team.id === current);

  const onSave = () =>
    share.mutate(
      { teamId: teamId || null },
      {
        onSuccess: (out) => toast({ title: out.teamId ? t('share.team.saved', { team: nameOf(out.teamId) }) : t('share.team.removed'), status: 'success' }),
        onError: (e) => toast({ title: t('share.team.failed'), description: msg(errorMessage(e)), status: 'error' }),
      },
    );

  return (
    <section aria-labelledby="share-team-title" className="space-y-3">
      <h3 id="share-team-title" className="text-sm font-semibold">
        {t('share.team.title')}
      </h3>
      {teams.isPending ? (
        <Spinner />
      ) : options.length === 0 && !current ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('share.team.noTeams')}{' '}
          <Link to="/dashboard/settings/team" className="font-medium text-accent-700 hover:underline dark:text-accent-300">
            {t('share.team.settingsLink')}
          </Link>
        </p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <SelectField label={t('share.team.title')} hideLabel hint={t('share.team.hint')} className="flex-1" value={teamId} onChange={(e) => setTeamId(e.target.value)}>
            <option value="">{t('share.team.none')}</option>
            {stranger ? <option value={current}>{nameOf(current)}</option> : null}
            {options.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </SelectField>
          <Button variant="secondary" onClick={onSave} disabled={share.isPending || teamId === current}>
            {share.isPending ? <Spinner className="size-4" /> : null}
            {t('share.team.save')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The public link: created on demand, copied, or turned off. */
function PublicLink({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const share = useShareAgent(agent.id);
  const [url, setUrl] = useState<string | null>(null);
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: t('share.copied'), status: 'success' });
    } catch {
      toast({ title: t('share.copyFailed'), status: 'warning' });
    }
  };
  const setPublic = (on: boolean) =>
    share.mutate(
      { public: on },
      {
        onSuccess: (out) => {
          setUrl(out.url ?? null);
          if (!on) toast({ title: t('share.stopped'), status: 'success' });
        },
        onError: (e) => toast({ title: msg(errorMessage(e)) ?? '', status: 'error' }),
      },
    );
  useEffect(() => {
    // The answer names the link of an agent already shared (asking again keeps the same one).
    if (agent.sharedPublicly) setPublic(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const shared = url !== null || (agent.sharedPublicly && share.isPending);
  return (
    <section aria-labelledby="share-link-title" className="space-y-3">
      <h3 id="share-link-title" className="text-sm font-semibold">
        {t('share.title')}
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('share.body')}</p>
      {shared ? (
        <div className="flex flex-wrap gap-2">
          <label htmlFor="share-url" className="sr-only">
            {t('share.linkLabel')}
          </label>
          <input
            id="share-url"
            readOnly
            value={url ?? ''}
            placeholder={t('share.creating')}
            onFocus={(e) => e.target.select()}
            className="block h-10 min-w-0 flex-1 rounded-lg border border-zinc-300 bg-zinc-50 px-3 text-sm dark:border-zinc-700 dark:bg-zinc-800"
            dir="ltr"
          />
          <Button variant="secondary" disabled={!url} onClick={() => url && void copy(url)}>
            <Copy aria-hidden className="size-4" />
            {t('share.copy')}
          </Button>
          <Button variant="ghost" className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40" disabled={share.isPending} onClick={() => setPublic(false)}>
            {t('share.stop')}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" disabled={share.isPending} onClick={() => setPublic(true)}>
          {share.isPending ? <Spinner className="size-4" /> : <Link2 aria-hidden className="size-4" />}
          {t('share.create')}
        </Button>
      )}
    </section>
  );
}

function ShareDialog({ agent, onClose }: { agent: Agent; onClose: () => void }) {
  const { t } = useTranslation('agents');
  return (
    <Dialog title={t('share.dialogTitle', { name: agent.name })} closeLabel={t('actions.close')} onClose={onClose} className="max-w-lg">
      <div className="space-y-6">
        <TeamShare agent={agent} />
        <PublicLink agent={agent} />
      </div>
    </Dialog>
  );
}

function QuickActions({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const navigate = useNavigate();
  const duplicate = useDuplicateAgent();
  const remove = useDeleteAgent();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      downloadJson(await exportAgent(agent.id), agent.name);
      toast({ title: t('export.done'), status: 'success' });
    } catch (e) {
      toast({ title: t('export.failed'), description: msg(errorMessage(e)), status: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const actionClass = 'justify-start';
  return (
    <Card id="actions" title={t('actions.title')}>
      <div className="grid gap-2">
        <ButtonLink to={`/dashboard/agents/${agent.id}/chat`} className={actionClass}>
          <MessageSquare aria-hidden className="size-4" />
          {t('actions.chat')}
        </ButtonLink>
        {agent.access !== 'view' ? (
          <ButtonLink to={`/dashboard/agents/${agent.id}/edit`} variant="secondary" className={actionClass}>
            <Pencil aria-hidden className="size-4" />
            {t('actions.edit')}
          </ButtonLink>
        ) : null}
        <Button
          variant="secondary"
          className={actionClass}
          disabled={duplicate.isPending}
          onClick={() =>
            duplicate.mutate(
              { id: agent.id },
              {
                onSuccess: (copy) => {
                  toast({ title: t('actions.duplicated', { name: copy.name }), status: 'success' });
                  navigate(`/dashboard/agents/${copy.id}`);
                },
                onError: (e) => toast({ title: msg(errorMessage(e)) ?? t('errors.duplicateFailed'), status: 'error' }),
              },
            )
          }
        >
          {duplicate.isPending ? <Spinner className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {t('actions.duplicate')}
        </Button>
        <Button variant="secondary" className={actionClass} onClick={() => void onExport()} disabled={exporting}>
          {exporting ? <Spinner className="size-4" /> : <Download aria-hidden className="size-4" />}
          {t('actions.export')}
        </Button>
        {/* Sharing and deleting belong to the agent's owner and its team's owners and admins. */}
        {agent.access === 'manage' ? (
          <>
            <Button variant="secondary" className={actionClass} onClick={() => setSharing(true)}>
              {agent.sharedPublicly ? <Link2 aria-hidden className="size-4" /> : <Share2 aria-hidden className="size-4" />}
              {agent.sharedPublicly ? t('actions.shared') : t('actions.share')}
            </Button>
            <Button variant="ghost" className={cn(actionClass, 'text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40')} onClick={() => setConfirmDelete(true)}>
              <Trash2 aria-hidden className="size-4" />
              {t('actions.delete')}
            </Button>
          </>
        ) : null}
      </div>
      {sharing ? <ShareDialog agent={agent} onClose={() => setSharing(false)} /> : null}
      {confirmDelete ? (
        <ConfirmDialog
          title={t('delete.title', { name: agent.name })}
          body={t('delete.body')}
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('actions.cancel')}
          pending={remove.isPending}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(agent.id, {
              onSuccess: () => {
                toast({ title: t('toasts.deleted', { defaultValue: TOASTS.deleted }), status: 'success' });
                navigate('/dashboard/agents', { replace: true });
              },
              onError: (e) => {
                toast({ title: msg(errorMessage(e)) ?? '', status: 'error' });
                setConfirmDelete(false);
              },
            })
          }
        />
      ) : null}
    </Card>
  );
}

function Configuration({ agent }: { agent: Agent }) {
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

/** /dashboard/agents/:agentId: status, deployments, versions, analytics, conversations, actions. */
export function AgentDetail({ agentId }: { agentId: string }) {
  const { t } = useTranslation('agents');
  const agent = useAgent(agentId);

  useEffect(() => {
    if (agent.isError) toast({ id: 'agent-load-failed', title: t('toasts.loadFailed', { defaultValue: TOASTS.loadFailed }), status: 'error' });
  }, [agent.isError, t]);

  if (agent.isPending) {
    return (
      <div role="status" className="flex justify-center py-20">
        <Spinner className="size-8" />
        <span className="sr-only">{t('loading')}</span>
      </div>
    );
  }
  if (agent.isError) {
    return (
      <div className="w-full max-w-3xl space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.detail.title')}</h1>
        <Notice tone="error">{t('toasts.loadFailed', { defaultValue: TOASTS.loadFailed })}</Notice>
        <ButtonLink to="/dashboard/agents" variant="secondary">
          <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
          {t('actions.backToList')}
        </ButtonLink>
      </div>
    );
  }
  const a = agent.data;
  return (
    <div className="w-full max-w-6xl space-y-6">
      <div>
        <Link to="/dashboard/agents" className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
          <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
          {t('actions.backToList')}
        </Link>
        <header className="mt-3 flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 dir="auto" className="text-2xl font-semibold tracking-tight">{a.name}</h1>
            <StatusBadge status={a.status} />
            <Tag>{t(`types.${a.type}`, { defaultValue: a.type })}</Tag>
            <Tag>{t('versions.label', { version: a.currentVersion })}</Tag>
            <TeamBadge teamId={a.teamId} teamName={a.teamName} />
            {a.access === 'view' ? <Tag>{t('access.view')}</Tag> : null}
          </div>
          {a.description ? <p dir="auto" className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{a.description}</p> : null}
        </header>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <AnalyticsCard agentId={a.id} />
          <div className="grid gap-6 xl:grid-cols-2">
            <Deployments agent={a} />
            <Versions agent={a} />
          </div>
          <Configuration agent={a} />
          <DocumentsPanel agentId={a.id} readOnly={a.access === 'view'} />
        </div>
        <div className="space-y-6">
          <QuickActions agent={a} />
          <RecentConversations agentId={a.id} />
        </div>
      </div>
    </div>
  );
}

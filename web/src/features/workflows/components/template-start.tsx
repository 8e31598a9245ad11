import { Bot, LayoutTemplate } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { NodeKindTag } from '@/features/workflows/components/badges';
import { DetailsFields } from '@/features/workflows/components/details-fields';
import { GraphSummary } from '@/features/workflows/components/graph-summary';
import { SaveProblems } from '@/features/workflows/components/save-problems';
import { TriggerSummary } from '@/features/workflows/components/trigger-summary';
import { useSaveNewWorkflow } from '@/features/workflows/hooks/use-save-new-workflow';
import { checkDetails, fieldErrorsOf, type Details, type DetailsErrors } from '@/features/workflows/utils/details';
import { buildTemplate, WORKFLOW_TEMPLATES, type NodeNames, type WorkflowTemplate } from '@/features/workflows/utils/templates';
import { useAgentOptions } from '@/lib/agent-options';
import { useAuth } from '@/lib/auth';

/** The canvas names of the templates' nodes, in the reader's language. */
function useNodeNames(): NodeNames {
  const { t } = useTranslation('dashboard');
  return {
    start: t('workflows.templates.nodes.start'),
    greet: t('workflows.templates.nodes.greet'),
    done: t('workflows.templates.nodes.done'),
    summarize: t('workflows.templates.nodes.summarize'),
    email: t('workflows.templates.nodes.email'),
    ask: t('workflows.templates.nodes.ask'),
    post: t('workflows.templates.nodes.post'),
    write: t('workflows.templates.nodes.write'),
    answered: t('workflows.templates.nodes.answered'),
    wait: t('workflows.templates.nodes.wait'),
    sms: t('workflows.templates.nodes.sms'),
    notAnswered: t('workflows.templates.nodes.notAnswered'),
    classify: t('workflows.templates.nodes.classify'),
    isUrgent: t('workflows.templates.nodes.isUrgent'),
    alert: t('workflows.templates.nodes.alert'),
    urgent: t('workflows.templates.nodes.urgent'),
    normal: t('workflows.templates.nodes.normal'),
  };
}

/** The template chosen: its name and description to change, an agent when it needs one, what it makes, and Create. */
function TemplateReview({ template, onBack }: { template: WorkflowTemplate; onBack: () => void }) {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const names = useNodeNames();
  const agents = useAgentOptions();
  const { save, pending, error } = useSaveNewWorkflow();
  const [details, setDetails] = useState<Details>({ name: t(`workflows.templates.${template.id}.name`), description: t(`workflows.templates.${template.id}.description`) });
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [agentId, setAgentId] = useState('');
  const chosenAgent = agentId || agents.data?.[0]?.id || '';
  const email = user?.email ?? '';
  const built = buildTemplate(template, { email, agentId: chosenAgent, names });
  const noAgents = template.needsAgent && agents.isSuccess && agents.data.length === 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkDetails(details);
    setErrors(found);
    if (Object.keys(found).length || (template.needsAgent && !chosenAgent)) return;
    void save({ name: details.name.trim(), description: details.description.trim() || null, trigger: built.trigger, graph: built.graph }).catch(() => undefined);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="template-review-title" className="space-y-5 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="template-review-title" className="text-base font-semibold">
            {t('workflows.create.template.reviewTitle', { name: t(`workflows.templates.${template.id}.name`) })}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t(`workflows.templates.${template.id}.note`, { email })}</p>
        </div>
        <Button size="sm" variant="secondary" onClick={onBack}>
          {t('workflows.create.template.pickAnother')}
        </Button>
      </div>
      <DetailsFields value={details} onChange={setDetails} errors={errors} serverErrors={fieldErrorsOf(error)} />
      {template.needsAgent ? (
        agents.isPending ? (
          <Spinner />
        ) : noAgents ? (
          <Notice tone="warning" action={<Link to="/dashboard/agents/create" className="font-medium underline underline-offset-2">{t('workflows.create.template.createAgent')}</Link>}>
            {t('workflows.create.template.noAgents')}
          </Notice>
        ) : (
          <SelectField label={t('workflows.create.template.agent')} hint={t('workflows.create.template.agentHint')} value={chosenAgent} onChange={(e) => setAgentId(e.target.value)}>
            {(agents.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
        )
      ) : null}
      <div className="space-y-3">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">{t('workflows.fields.trigger')}</span>
          <TriggerSummary trigger={built.trigger} />
        </p>
        <GraphSummary graph={built.graph} />
      </div>
      <SaveProblems error={error} />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending || noAgents}>
          {pending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
          {t('workflows.create.template.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The built-in templates as cards; choosing one shows it for review before it is made. */
export function TemplateStart() {
  const { t } = useTranslation('dashboard');
  const [chosen, setChosen] = useState<WorkflowTemplate | null>(null);
  if (chosen) return <TemplateReview key={chosen.id} template={chosen} onBack={() => setChosen(null)} />;
  return (
    <section aria-labelledby="templates-title" className="space-y-3">
      <h2 id="templates-title" className="flex items-center gap-2 text-base font-semibold">
        <LayoutTemplate aria-hidden className="size-4 text-accent-600 dark:text-accent-400" />
        {t('workflows.create.template.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {WORKFLOW_TEMPLATES.map((tpl) => {
          return (
            <li key={tpl.id} className="flex flex-col rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900" data-testid="workflow-template">
              <h3 className="font-medium">{t(`workflows.templates.${tpl.id}.name`)}</h3>
              <p className="mt-1 flex-1 text-sm text-zinc-600 dark:text-zinc-400">{t(`workflows.templates.${tpl.id}.description`)}</p>
              <div className="mt-3 text-sm">
                <TriggerSummary trigger={tpl.trigger} />
              </div>
              <div className="mt-3 flex flex-wrap gap-1">
                {tpl.uses.filter((k) => k !== 'trigger').map((kind) => (
                  <NodeKindTag key={kind} kind={kind} />
                ))}
                {tpl.needsAgent ? (
                  <span className="inline-flex items-center gap-1 rounded-md bg-accent-50 px-2 py-0.5 text-xs font-medium text-accent-700 dark:bg-accent-500/10 dark:text-accent-300">
                    <Bot aria-hidden className="size-3" />
                    {t('workflows.create.template.needsAgent')}
                  </span>
                ) : null}
              </div>
              {/* Named "Use template <name>": what it shows, then (for screen readers) which one. */}
              <Button size="sm" variant="secondary" className="mt-4 self-start" onClick={() => setChosen(tpl)}>
                <span>
                  <Trans t={t} i18nKey="workflows.create.template.use" values={{ name: t(`workflows.templates.${tpl.id}.name`) }} components={[<span key="name" className="sr-only" />]} />
                </span>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

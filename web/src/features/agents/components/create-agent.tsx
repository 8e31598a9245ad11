import { zodResolver } from '@hookform/resolvers/zod';
import { FilePlus2, LayoutTemplate, Sparkles, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { TextareaField } from '@/components/ui/textarea-field';
import { useCreateAgent, useGenerateAgent, useTemplates, type AgentInput, type Template } from '@/features/agents/api/agents';
import { AgentForm } from '@/features/agents/components/agent-form';
import { Tag } from '@/features/agents/components/status-badge';
import { EMPTY_VALUES, valuesFrom, type AgentFormValues } from '@/features/agents/utils/form-values';
import { errorMessage, TOASTS, useAgentMessage } from '@/features/agents/utils/messages';
import { COMPLEXITIES } from '@/lib/api-enums';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

export type Start = 'scratch' | 'template' | 'generate';
type Draft = { values: AgentFormValues; key: number; suggestedVoice?: string; source: 'scratch' | 'template' | 'generated'; label?: string; generator?: string };

const starts: Array<{ id: Start; icon: typeof FilePlus2 }> = [
  { id: 'scratch', icon: FilePlus2 },
  { id: 'template', icon: LayoutTemplate },
  { id: 'generate', icon: Wand2 },
];

export function TemplateCards({ onPick, pendingId, limit }: { onPick: (t: Template) => void; pendingId?: string | null; limit?: number }) {
  const { t } = useTranslation('agents');
  const templates = useTemplates();
  if (templates.isPending) return <Spinner />;
  if (templates.isError) return <Notice tone="error">{t('errors.templatesFailed')}</Notice>;
  const list = limit ? templates.data.slice(0, limit) : templates.data;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {list.map((tpl) => (
        <li key={tpl.id} className="flex flex-col rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <div className="flex items-start justify-between gap-2">
            <h3 className="font-medium">{tpl.name}</h3>
            <Tag>{t(`types.${tpl.type}`, { defaultValue: tpl.type })}</Tag>
          </div>
          <p className="mt-1 flex-1 text-sm text-zinc-600 dark:text-zinc-400">{tpl.description}</p>
          {/* Named "Use template <name>": what it shows, then (for screen readers) which one. */}
          <Button size="sm" variant="secondary" className="mt-4 self-start" onClick={() => onPick(tpl)} disabled={pendingId === tpl.id}>
            {pendingId === tpl.id ? <Spinner className="size-4" /> : null}
            <span>
              <Trans t={t} i18nKey="create.useTemplateFor" values={{ name: tpl.name }} components={[<span key="name" className="sr-only" />]} />
            </span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

const generateSchema = z.object({
  prompt: z.string().trim().min(1, 'validation.required').max(4000, 'validation.tooLong'),
  complexity: z.enum(COMPLEXITIES),
  industry: z.string(),
  useCase: z.string(),
});
type GenerateValues = z.infer<typeof generateSchema>;

function GeneratePanel({ onDraft }: { onDraft: (d: Omit<Draft, 'key'>) => void }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const generate = useGenerateAgent();
  const { register, handleSubmit, formState, setError } = useForm<GenerateValues>({
    resolver: zodResolver(generateSchema),
    defaultValues: { prompt: '', complexity: 'intermediate', industry: '', useCase: '' },
  });
  const submit = handleSubmit((v) => {
    generate.mutate(
      { prompt: v.prompt.trim(), complexity: v.complexity, industry: v.industry.trim() || null, useCase: v.useCase.trim() || null },
      {
        onSuccess: (out) => onDraft({ values: valuesFrom(out.agent), suggestedVoice: out.voice?.name, source: 'generated', generator: out.generator }),
        onError: (e) => {
          applyServerFieldErrors(e, setError, ['prompt', 'complexity', 'industry', 'useCase']);
          toast({ title: msg(errorMessage(e)) ?? t('errors.generateFailed'), status: 'error' });
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="generate-title" className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h2 id="generate-title" className="flex items-center gap-2 text-base font-semibold">
        <Sparkles aria-hidden className="size-4 text-accent-600 dark:text-accent-400" />
        {t('create.generate.title')}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('create.generate.description')}</p>
      <div className="mt-5 space-y-4">
        <TextareaField label={t('create.generate.prompt')} rows={4} placeholder={t('create.generate.promptPlaceholder')} error={msg(formState.errors.prompt?.message)} {...register('prompt')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label={t('create.generate.complexity')} error={msg(formState.errors.complexity?.message)} {...register('complexity')}>
            {COMPLEXITIES.map((c) => (
              <option key={c} value={c}>
                {t(`complexity.${c}`)}
              </option>
            ))}
          </SelectField>
          <FormField label={t('create.generate.industry')} placeholder={t('create.generate.industryPlaceholder')} error={msg(formState.errors.industry?.message)} {...register('industry')} />
          <FormField label={t('create.generate.useCase')} placeholder={t('create.generate.useCasePlaceholder')} error={msg(formState.errors.useCase?.message)} {...register('useCase')} />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={generate.isPending}>
            {generate.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Wand2 aria-hidden className="size-4" />}
            {t('create.generate.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** /dashboard/agents/create: three starts (scratch, template, prompt), one form to review and save. */
export function CreateAgent({ initialStart = 'scratch' }: { initialStart?: Start }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const navigate = useNavigate();
  const create = useCreateAgent();
  const [start, setStart] = useState<Start>(initialStart);
  const [draft, setDraft] = useState<Draft | null>(initialStart === 'scratch' ? { values: EMPTY_VALUES, key: 0, source: 'scratch' } : null);

  const choose = (s: Start) => {
    setStart(s);
    setDraft((prev) => (s === 'scratch' ? { values: EMPTY_VALUES, key: (prev?.key ?? 0) + 1, source: 'scratch' } : null));
  };
  const applyDraft = (d: Omit<Draft, 'key'>) => setDraft((prev) => ({ ...d, key: (prev?.key ?? 0) + 1 }));

  const onSubmit = async (input: AgentInput) => {
    try {
      // The form requires a name; an empty one is the server's to refuse, like any field.
      const agent = await create.mutateAsync({ ...input, name: input.name ?? '' });
      toast({ title: t('toasts.created', { defaultValue: TOASTS.created }), status: 'success' });
      navigate(`/dashboard/agents/${agent.id}`);
    } catch (e) {
      toast({ title: msg(errorMessage(e)) ?? t('errors.createFailed'), status: 'error' });
      throw e;
    }
  };

  return (
    <div className="w-full max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.create.title')}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('pages.create.description')}</p>
      </header>

      <Tabs
        variant="cards"
        label={t('create.startLabel')}
        selected={start}
        onSelect={choose}
        tabs={starts.map(({ id, icon: Icon }) => ({
          id,
          title: t(`create.starts.${id}.title`),
          description: t(`create.starts.${id}.description`),
          icon: <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', start === id ? 'text-accent-600 dark:text-accent-400' : 'text-zinc-500')} />,
        }))}
      >
        {() => (
          <>
            {start === 'template' && !draft ? (
              <section aria-labelledby="templates-title" className="space-y-3">
                <h2 id="templates-title" className="text-base font-semibold">
                  {t('create.templatesTitle')}
                </h2>
                <TemplateCards onPick={(tpl) => applyDraft({ values: valuesFrom(tpl.config), source: 'template', label: tpl.name })} />
              </section>
            ) : null}

            {start === 'generate' && !draft ? <GeneratePanel onDraft={applyDraft} /> : null}

            {draft ? (
              <>
                {draft.source === 'template' ? (
                  <Notice tone="info" action={<Button size="sm" variant="secondary" onClick={() => setDraft(null)}>{t('create.pickAnother')}</Button>}>
                    {t('create.fromTemplate', { name: draft.label })}
                  </Notice>
                ) : null}
                {draft.source === 'generated' ? (
                  <Notice tone="info" action={<Button size="sm" variant="secondary" onClick={() => setDraft(null)}>{t('create.generateAgain')}</Button>}>
                    <p className="font-medium">{t('create.generatedReview')}</p>
                    {draft.generator === 'builtin' ? <p className="mt-1">{t('create.builtinGenerator')}</p> : <p className="mt-1">{t('create.modelGenerator', { provider: draft.generator })}</p>}
                  </Notice>
                ) : null}
                <AgentForm key={draft.key} mode="create" defaultValues={draft.values} suggestedVoice={draft.suggestedVoice} onSubmit={onSubmit} onCancel={() => navigate('/dashboard/agents')} />
              </>
            ) : null}
          </>
        )}
      </Tabs>
    </div>
  );
}

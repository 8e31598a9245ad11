import { Check, Sparkles, Wand2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { TextareaField } from '@/components/ui/textarea-field';
import { useGenerateWorkflow, type GenerateInput, type Generated } from '@/features/workflows/api/workflows';
import { GeneratedReview } from '@/features/workflows/components/generated-review';
import { useWorkflowMessage } from '@/features/workflows/utils/messages';
import { enumValues, oneOf } from '@/lib/api-enums';
import type { components } from '@/lib/api-types';
import { charCount } from '@/lib/text';

type Complexity = components['schemas']['WorkflowComplexity'];
const COMPLEXITIES = enumValues<Complexity>({ simple: true, intermediate: true, advanced: true });
const CATEGORIES = ['general', 'support', 'sales', 'marketing', 'operations', 'reporting'] as const;
/** Where results may go: each a chip that is on or off. */
const PLATFORMS = ['email', 'sms', 'slack', 'webhook', 'discord', 'telegram', 'whatsapp'] as const;

/** The description's length, as the server counts it. */
const DESCRIPTION_MIN = 10;
const DESCRIPTION_MAX = 2000;

type Form = {
  description: string;
  complexity: Complexity;
  includeErrorHandling: boolean;
  includeMonitoring: boolean;
  category: (typeof CATEGORIES)[number];
  targetPlatforms: string[];
};

const DEFAULTS: Form = { description: '', complexity: 'intermediate', includeErrorHandling: true, includeMonitoring: true, category: 'general', targetPlatforms: [] };

/**
 * "Create workflow › From a description": the AI workflow generator. A description, the
 * complexity, error handling and monitoring (both on), a category and where results go, sent to
 * POST /v1/orchestration/ai-generate; the workflow it answers is shown for review (nothing is saved
 * until "Save workflow"). Going back keeps what was typed.
 */
export function AiGenerator() {
  const { t } = useTranslation('dashboard');
  const say = useWorkflowMessage();
  const generate = useGenerateWorkflow();
  const [form, setForm] = useState<Form>(DEFAULTS);
  const [invalid, setInvalid] = useState<'tooShort' | 'tooLong' | null>(null);
  const [result, setResult] = useState<{ generated: Generated; key: number } | null>(null);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const togglePlatform = (p: string) => set('targetPlatforms', form.targetPlatforms.includes(p) ? form.targetPlatforms.filter((x) => x !== p) : [...form.targetPlatforms, p]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const length = charCount(form.description.trim());
    const problem = length < DESCRIPTION_MIN ? 'tooShort' : length > DESCRIPTION_MAX ? 'tooLong' : null;
    setInvalid(problem);
    if (problem) return;
    const body: GenerateInput = {
      description: form.description.trim(),
      complexity: form.complexity,
      includeErrorHandling: form.includeErrorHandling,
      includeMonitoring: form.includeMonitoring,
      category: form.category,
      targetPlatforms: form.targetPlatforms,
    };
    generate.mutate(body, { onSuccess: (generated) => setResult((r) => ({ generated, key: (r?.key ?? 0) + 1 })) });
  };

  if (result) {
    return (
      <GeneratedReview
        key={result.key}
        generated={result.generated}
        onBack={() => {
          setResult(null);
          generate.reset();
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="generate-title" aria-busy={generate.isPending} className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h2 id="generate-title" className="flex items-center gap-2 text-base font-semibold">
        <Sparkles aria-hidden className="size-4 text-accent-600 dark:text-accent-400" />
        {t('workflows.create.ai.title')}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('workflows.create.ai.description')}</p>
      <div className="mt-5 space-y-5">
        <TextareaField
          label={t('workflows.create.ai.prompt')}
          rows={4}
          required
          placeholder={t('workflows.create.ai.promptPlaceholder')}
          hint={t('workflows.create.ai.promptHint', { min: DESCRIPTION_MIN, max: DESCRIPTION_MAX })}
          value={form.description}
          error={invalid ? t(`workflows.create.ai.${invalid}`, { min: DESCRIPTION_MIN, max: DESCRIPTION_MAX }) : undefined}
          onChange={(e) => set('description', e.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('workflows.create.ai.complexity')} value={form.complexity} onChange={(e) => set('complexity', oneOf(COMPLEXITIES, e.target.value, 'intermediate'))}>
            {COMPLEXITIES.map((c) => (
              <option key={c} value={c}>
                {t(`workflows.create.ai.complexities.${c}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('workflows.create.ai.category')} value={form.category} onChange={(e) => set('category', oneOf(CATEGORIES, e.target.value, 'general'))}>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`workflows.create.ai.categories.${c}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('workflows.create.ai.platforms')}</legend>
          <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{t('workflows.create.ai.platformsHint')}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {PLATFORMS.map((p) => {
              const on = form.targetPlatforms.includes(p);
              return (
                <button
                  key={p}
                  type="button"
                  aria-pressed={on}
                  onClick={() => togglePlatform(p)}
                  className={cn(
                    'inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm outline-none transition focus-visible:ring-2 focus-visible:ring-accent-500/40',
                    on
                      ? 'border-accent-500 bg-accent-50 text-accent-800 dark:border-accent-400/70 dark:bg-accent-500/15 dark:text-accent-200'
                      : 'border-zinc-300 bg-white text-zinc-700 hover:border-zinc-400 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300',
                  )}
                >
                  {on ? <Check aria-hidden className="size-3.5" /> : null}
                  {t(`workflows.create.ai.platformNames.${p}`)}
                </button>
              );
            })}
          </div>
        </fieldset>
        <div className="grid gap-4 rounded-xl border border-zinc-200 p-4 sm:grid-cols-2 dark:border-zinc-800">
          <Switch
            label={t('workflows.create.ai.errorHandling')}
            description={t('workflows.create.ai.errorHandlingHint')}
            checked={form.includeErrorHandling}
            onChange={(v) => set('includeErrorHandling', v)}
          />
          <Switch label={t('workflows.create.ai.monitoring')} description={t('workflows.create.ai.monitoringHint')} checked={form.includeMonitoring} onChange={(v) => set('includeMonitoring', v)} />
        </div>
        {generate.isError ? (
          <Notice tone="error">
            <p dir="auto">{say(generate.error)}</p>
          </Notice>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={generate.isPending}>
            {generate.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Wand2 aria-hidden className="size-4" />}
            {generate.isPending ? t('workflows.create.ai.generating') : t('workflows.create.ai.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}

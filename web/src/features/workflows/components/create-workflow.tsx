import { ArrowLeft, FilePlus2, LayoutTemplate, Wand2, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cn } from '@/components/ui/cn';
import { Tabs } from '@/components/ui/tabs';
import { AiGenerator } from '@/features/workflows/components/ai-generator';
import { BlankStart } from '@/features/workflows/components/blank-start';
import { TemplateStart } from '@/features/workflows/components/template-start';
import { oneOf } from '@/lib/api-enums';

type Start = 'blank' | 'template' | 'ai';
const STARTS: readonly Start[] = ['blank', 'template', 'ai'];
const icons: Record<Start, LucideIcon> = { blank: FilePlus2, template: LayoutTemplate, ai: Wand2 };

/**
 * /dashboard/workflows/create: three starts, kept in `?start=` (blank, a built-in template, or the
 * AI generator from a description); each saves the workflow and opens its builder.
 */
export function CreateWorkflow() {
  const { t } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const start = oneOf(STARTS, params.get('start'), 'blank' as const);
  const choose = (next: Start) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === 'blank') out.delete('start');
        else out.set('start', next);
        return out;
      },
      { replace: true },
    );

  return (
    <div className="w-full max-w-5xl space-y-6">
      <header>
        <Link to="/dashboard/workflows" className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
          <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
          {t('workflows.backToList')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t('pages.workflowCreate.title')}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('pages.workflowCreate.description')}</p>
      </header>
      <Tabs
        variant="cards"
        label={t('workflows.create.startLabel')}
        selected={start}
        onSelect={choose}
        tabs={STARTS.map((id) => {
          const Icon = icons[id];
          return {
            id,
            title: t(`workflows.create.starts.${id}.title`),
            description: t(`workflows.create.starts.${id}.description`),
            icon: <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', start === id ? 'text-accent-600 dark:text-accent-400' : 'text-zinc-500')} />,
          };
        })}
      >
        {(id) => (id === 'blank' ? <BlankStart /> : id === 'template' ? <TemplateStart /> : <AiGenerator />)}
      </Tabs>
    </div>
  );
}

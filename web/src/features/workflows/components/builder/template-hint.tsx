import { useTranslation } from 'react-i18next';
import { TemplateHint as Hint } from '@/components/graph-builder/template-hint';

const VARIABLES = ['{{ input.… }}', '{{ nodes.<id>.output }}', '{{ error.message }}', '{{ run.id }}', '{{ workflow.name }}', '{{ now }}'];

/** What a template may use (the run's variables), under a template field. */
export function TemplateHint() {
  const { t } = useTranslation('dashboard');
  return <Hint intro={t('workflowBuilder.fields.templateHint')} variables={VARIABLES} />;
}

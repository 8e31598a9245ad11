import { useTranslation } from 'react-i18next';
import { TemplateHint as Hint } from '@/components/graph-builder/template-hint';

/** What a flow's texts may use: the conversation's variables and the person's last message. */
export function TemplateHint() {
  const { t } = useTranslation('dashboard');
  return <Hint intro={t('flowBuilder.fields.templateHint')} variables={['{{ vars.… }}', '{{ message }}']} />;
}

import { useTranslation } from 'react-i18next';
import type { Way } from '@/features/flows/utils/catalog';
import type { FlowNodeConfig } from '@/features/flows/utils/types';

/** The words of a node's way out: a choice's button by its label, the others by what they mean. */
export function useWayLabel() {
  const { t } = useTranslation('dashboard');
  return (data: FlowNodeConfig, way: Way): string => {
    if (way === null) return data.kind === 'question' ? t('flowBuilder.ways.answered') : t('flowBuilder.ways.next');
    if (way === 'true' || way === 'false' || way === 'invalid' || way === 'error') return t(`flowBuilder.ways.${way}`);
    const label = data.settings.choices?.find((c) => c.id === way)?.label.trim();
    return label || t('flowBuilder.ways.noLabel');
  };
}

import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** A signed-in screen filled by a later release: translated title and description. */
export function DashboardPageRoute({ ns = 'dashboard', page }: { ns?: 'dashboard' | 'agents'; page: string }) {
  const { t } = useTranslation(ns);
  return <PagePlaceholder title={t(`pages.${page}.title`)} description={t(`pages.${page}.description`)} />;
}

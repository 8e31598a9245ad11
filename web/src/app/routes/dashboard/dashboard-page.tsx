import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import type { DashboardPage } from '@/types/i18n-keys';

/** A signed-in screen filled by a later release: translated title and description. */
export function DashboardPageRoute({ page }: { page: DashboardPage }) {
  const { t } = useTranslation('dashboard');
  return <PagePlaceholder title={t(`pages.${page}.title`)} description={t(`pages.${page}.description`)} />;
}

import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import type { AdminPage } from '@/types/i18n-keys';

export function AdminPageRoute({ page }: { page: AdminPage }) {
  const { t } = useTranslation('admin');
  return <PagePlaceholder title={t(`pages.${page}.title`)} description={t(`pages.${page}.description`)} />;
}

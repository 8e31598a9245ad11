import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function AdminPageRoute({ page }: { page: string }) {
  const { t } = useTranslation('admin');
  return <PagePlaceholder title={t(`pages.${page}.title`)} description={t(`pages.${page}.description`)} />;
}

import { useTranslation } from 'react-i18next';
import type { EndpointWithSecret } from '@/features/webhooks/api/endpoints';
import { CopyField } from '@/components/ui/copy-field';
import { OnceSecretDialog } from '@/features/webhooks/components/once-secret-dialog';

/** An event endpoint just made, or its secret just rotated: the `whsec_` signing secret, this once, to copy. */
export function EndpointSecretDialog({ made, rotated, onDone }: { made: EndpointWithSecret; rotated?: boolean; onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const { endpoint, secret } = made;
  return (
    <OnceSecretDialog
      title={rotated ? t('webhooks.endpoints.secret.rotatedTitle') : t('webhooks.endpoints.secret.createdTitle')}
      warning={t('webhooks.endpoints.secret.warning')}
      onDone={onDone}
    >
      <CopyField label={t('webhooks.endpoints.fields.url')} value={endpoint.url} testId="endpoint-new-url" />
      <CopyField label={t('webhooks.secret.signingSecret')} value={secret} testId="endpoint-secret" hint={t('webhooks.endpoints.secret.use')} />
    </OnceSecretDialog>
  );
}

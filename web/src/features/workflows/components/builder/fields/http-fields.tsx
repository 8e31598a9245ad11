import { useTranslation } from 'react-i18next';
import { HttpRequestFields } from '@/components/graph-builder/http-request-fields';
import { useNodeField } from '@/features/workflows/components/builder/node-form-schema';
import { HTTP_METHODS, LIMITS } from '@/features/workflows/components/builder/schemas';

/** An http node: method, URL, headers as rows, body. */
export function HttpFields() {
  const { t } = useTranslation('dashboard');
  const { error } = useNodeField();
  return (
    <HttpRequestFields
      labels={{
        method: t('workflowBuilder.fields.method'),
        url: t('workflowBuilder.fields.url'),
        body: t('workflowBuilder.fields.body'),
        bodyHint: t('workflowBuilder.fields.bodyHint'),
        headers: {
          legend: t('workflowBuilder.fields.headers'),
          name: (n) => t('workflowBuilder.fields.headerName', { n }),
          value: (n) => t('workflowBuilder.fields.headerValue', { n }),
          remove: (n) => t('workflowBuilder.fields.removeHeader', { n }),
          add: t('workflowBuilder.fields.addHeader'),
        },
      }}
      methods={HTTP_METHODS}
      urlPlaceholder="https://api.example.com/{{ input.id }}"
      maxHeaders={LIMITS.headers}
      error={(path) => error(path as `data.${string}`)}
    />
  );
}

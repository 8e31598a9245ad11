import { useTranslation } from 'react-i18next';
import { HttpRequestFields } from '@/components/graph-builder/http-request-fields';
import { VariableField } from '@/features/flows/components/fields/variable-field';
import { useFlowField } from '@/features/flows/components/use-flow-field';
import { HTTP_METHODS } from '@/features/flows/utils/schemas';
import { FLOW_LIMITS } from '@/features/flows/utils/types';

/** An api node: the request (method, URL, headers as rows, body), and where its answer goes. */
export function ApiFields() {
  const { t } = useTranslation('dashboard');
  const { error } = useFlowField();
  const headers = {
    legend: t('flowBuilder.fields.headers'),
    add: t('flowBuilder.fields.addHeader'),
    name: (n: number) => t('flowBuilder.fields.headerName', { n }),
    value: (n: number) => t('flowBuilder.fields.headerValue', { n }),
    remove: (n: number) => t('flowBuilder.fields.removeHeader', { n }),
  };
  return (
    <>
      <HttpRequestFields
        methods={HTTP_METHODS}
        maxHeaders={FLOW_LIMITS.headers}
        urlPlaceholder="https://api.example.com/{{ vars.id }}"
        labels={{ method: t('flowBuilder.fields.method'), url: t('flowBuilder.fields.url'), body: t('flowBuilder.fields.body'), bodyHint: t('flowBuilder.fields.bodyHint'), headers }}
        error={error}
      />
      <VariableField hint="result" />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { McpToolFields } from '@/components/graph-builder/mcp-tool-fields';
import { useNodeField } from '@/features/workflows/components/builder/node-form-schema';

/** An mcp node: one of my servers, one of its tools, and the tool's arguments as JSON. */
export function McpFields() {
  const { t } = useTranslation('dashboard');
  const { error } = useNodeField();
  return (
    <McpToolFields
      labels={{
        server: t('workflowBuilder.fields.server'),
        noServers: t('workflowBuilder.fields.noServers'),
        loading: t('workflowBuilder.fields.loading'),
        chooseServer: t('workflowBuilder.fields.chooseServer'),
        unknownServer: (id) => t('workflowBuilder.fields.unknownServer', { id }),
        tool: t('workflowBuilder.fields.tool'),
        noTools: t('workflowBuilder.fields.noTools'),
        chooseTool: t('workflowBuilder.fields.chooseTool'),
        arguments: t('workflowBuilder.fields.arguments'),
        argumentsHint: t('workflowBuilder.fields.argumentsHint'),
        parameters: (names) => t('workflowBuilder.fields.parameters', { names }),
        fillParameters: t('workflowBuilder.fields.fillParameters'),
      }}
      error={(path) => error(path as `data.${string}`)}
    />
  );
}

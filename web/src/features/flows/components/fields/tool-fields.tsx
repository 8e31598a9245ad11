import { useTranslation } from 'react-i18next';
import { McpToolFields } from '@/components/graph-builder/mcp-tool-fields';
import { VariableField } from '@/features/flows/components/fields/variable-field';
import { useFlowField } from '@/features/flows/components/use-flow-field';

/** A tool node: one of my MCP servers, one of its tools, its arguments, and where the result goes. */
export function ToolFields() {
  const { t } = useTranslation('dashboard');
  const { error } = useFlowField();
  return (
    <>
      <McpToolFields
        labels={{
          server: t('flowBuilder.fields.server'),
          noServers: t('flowBuilder.fields.noServers'),
          loading: t('flowBuilder.fields.loading'),
          chooseServer: t('flowBuilder.fields.chooseServer'),
          unknownServer: (id) => t('flowBuilder.fields.unknownServer', { id }),
          tool: t('flowBuilder.fields.tool'),
          noTools: t('flowBuilder.fields.noTools'),
          chooseTool: t('flowBuilder.fields.chooseTool'),
          arguments: t('flowBuilder.fields.arguments'),
          argumentsHint: t('flowBuilder.fields.argumentsHint'),
          parameters: (names) => t('flowBuilder.fields.parameters', { names }),
          fillParameters: t('flowBuilder.fields.fillParameters'),
        }}
        error={error}
      />
      <VariableField hint="result" />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { useBuilderMcpServers } from '@/features/workflows/api/builder';
import { useWatch } from 'react-hook-form';
import { useNodeField, type NodeFormValues } from '@/features/workflows/components/builder/node-form-schema';
import { ltr } from '@/features/workflows/components/builder/ltr';

/** The names of a tool's parameters, from its JSON schema. */
function parameters(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const props = (schema as { properties?: unknown }).properties;
  return props && typeof props === 'object' ? Object.keys(props) : [];
}

/** An mcp node: one of my servers, one of its tools, and the tool's arguments as JSON. */
export function McpFields() {
  const { t } = useTranslation('dashboard');
  const { register, error, setValue } = useNodeField();
  const servers = useBuilderMcpServers();
  const [serverId, tool, args] = useWatch<NodeFormValues>({ name: ['data.serverId', 'data.tool', 'data.arguments'] }).map((v) => String(v ?? ''));
  const list = servers.data ?? [];
  const server = list.find((s) => s.id === serverId);
  const tools = server?.tools ?? [];
  const chosen = tools.find((x) => x.name === tool);
  const params = parameters(chosen?.inputSchema);
  const serverField = register('data.serverId');
  return (
    <>
      <SelectField
        label={t('workflowBuilder.fields.server')}
        hint={!servers.isLoading && list.length === 0 ? t('workflowBuilder.fields.noServers') : undefined}
        error={error('data.serverId')}
        {...serverField}
        onChange={(e) => {
          void serverField.onChange(e);
          setValue('data.tool', '', { shouldDirty: true, shouldValidate: true });
        }}
      >
        <option value="">{servers.isLoading ? t('workflowBuilder.fields.loading') : t('workflowBuilder.fields.chooseServer')}</option>
        {list.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
        {serverId && !server && !servers.isLoading ? <option value={serverId}>{t('workflowBuilder.fields.unknownServer', { id: serverId })}</option> : null}
      </SelectField>
      <SelectField
        label={t('workflowBuilder.fields.tool')}
        hint={server && tools.length === 0 ? t('workflowBuilder.fields.noTools') : chosen?.description || undefined}
        error={error('data.tool')}
        disabled={!serverId}
        {...register('data.tool')}
      >
        <option value="">{t('workflowBuilder.fields.chooseTool')}</option>
        {tools.map((x) => (
          <option key={x.name} value={x.name}>
            {x.name}
          </option>
        ))}
        {tool && !chosen ? <option value={tool}>{tool}</option> : null}
      </SelectField>
      <TextareaField
        label={t('workflowBuilder.fields.arguments')}
        hint={params.length ? t('workflowBuilder.fields.parameters', { names: ltr(params.join(', ')) }) : t('workflowBuilder.fields.argumentsHint')}
        rows={4}
        dir="ltr"
        className="[&_textarea]:font-mono"
        error={error('data.arguments')}
        {...register('data.arguments')}
      />
      {params.length && !args.trim() ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setValue('data.arguments', JSON.stringify(Object.fromEntries(params.map((p) => [p, ''])), null, 2), { shouldDirty: true, shouldValidate: true })}
        >
          {t('workflowBuilder.fields.fillParameters')}
        </Button>
      ) : null}
    </>
  );
}

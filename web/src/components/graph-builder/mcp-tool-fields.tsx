import { useFormContext, useWatch } from 'react-hook-form';
import { ltr } from '@/components/graph-builder/ltr';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { useMyMcpServers } from '@/lib/mcp';

/** The names of a tool's parameters, from its JSON schema. */
function parameters(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const props = (schema as { properties?: unknown }).properties;
  return props && typeof props === 'object' ? Object.keys(props) : [];
}

export type McpToolLabels = {
  server: string;
  noServers: string;
  loading: string;
  chooseServer: string;
  unknownServer: (id: string) => string;
  tool: string;
  noTools: string;
  chooseTool: string;
  arguments: string;
  argumentsHint: string;
  parameters: (names: string) => string;
  fillParameters: string;
};

type McpValues = { data: { serverId: string; tool: string; arguments: string } };

/**
 * A call of an MCP tool (the form's `data.serverId`, `data.tool`, `data.arguments`): one of my
 * servers (GET /mcp), one of the tools its last test found, and the arguments as a JSON object,
 * with the tool's parameter names to start from.
 */
export function McpToolFields({ labels, error }: { labels: McpToolLabels; error: (path: string) => string | undefined }) {
  const { register, setValue } = useFormContext<McpValues>();
  const servers = useMyMcpServers();
  const [serverId, tool, args] = useWatch<McpValues>({ name: ['data.serverId', 'data.tool', 'data.arguments'] }).map((v) => String(v ?? ''));
  const list = servers.data ?? [];
  const server = list.find((s) => s.id === serverId);
  const tools = server?.tools ?? [];
  const chosen = tools.find((x) => x.name === tool);
  const params = parameters(chosen?.inputSchema);
  const serverField = register('data.serverId');
  return (
    <>
      <SelectField
        label={labels.server}
        hint={!servers.isLoading && list.length === 0 ? labels.noServers : undefined}
        error={error('data.serverId')}
        {...serverField}
        onChange={(e) => {
          void serverField.onChange(e);
          setValue('data.tool', '', { shouldDirty: true, shouldValidate: true });
        }}
      >
        <option value="">{servers.isLoading ? labels.loading : labels.chooseServer}</option>
        {list.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
        {serverId && !server && !servers.isLoading ? <option value={serverId}>{labels.unknownServer(serverId)}</option> : null}
      </SelectField>
      <SelectField label={labels.tool} hint={server && tools.length === 0 ? labels.noTools : chosen?.description || undefined} error={error('data.tool')} disabled={!serverId} {...register('data.tool')}>
        <option value="">{labels.chooseTool}</option>
        {tools.map((x) => (
          <option key={x.name} value={x.name}>
            {x.name}
          </option>
        ))}
        {tool && !chosen ? <option value={tool}>{tool}</option> : null}
      </SelectField>
      <TextareaField
        label={labels.arguments}
        hint={params.length ? labels.parameters(ltr(params.join(', '))) : labels.argumentsHint}
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
          {labels.fillParameters}
        </Button>
      ) : null}
    </>
  );
}

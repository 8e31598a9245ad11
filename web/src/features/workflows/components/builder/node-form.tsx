import { useCallback, useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLiveForm } from '@/components/graph-builder/use-live-form';
import { FormField } from '@/components/ui/form-field';
import { AgentFields } from '@/features/workflows/components/builder/fields/agent-fields';
import { ConditionFields } from '@/features/workflows/components/builder/fields/condition-fields';
import { DelayFields } from '@/features/workflows/components/builder/fields/delay-fields';
import { EndFields } from '@/features/workflows/components/builder/fields/end-fields';
import { HttpFields } from '@/features/workflows/components/builder/fields/http-fields';
import { LlmFields } from '@/features/workflows/components/builder/fields/llm-fields';
import { McpFields } from '@/features/workflows/components/builder/fields/mcp-fields';
import { MessageFields } from '@/features/workflows/components/builder/fields/message-fields';
import { TransformFields } from '@/features/workflows/components/builder/fields/transform-fields';
import {
  NodeProblemsContext,
  nodeFormSchema,
  toNodeFormValues,
  toNodePatch,
  useNodeField,
  type NodeFormOutput,
  type NodeFormValues,
} from '@/features/workflows/components/builder/node-form-schema';
import { LIMITS } from '@/features/workflows/components/builder/schemas';
import { TemplateHint } from '@/features/workflows/components/builder/template-hint';
import type { NodeConfig } from '@/features/workflows/components/builder/types';

const TEMPLATED = new Set(['agent', 'llm', 'http', 'transform', 'delay', 'mcp', 'sms', 'email', 'end']);

function DataFields({ kind }: { kind: NodeConfig['kind'] }) {
  switch (kind) {
    case 'agent':
      return <AgentFields />;
    case 'llm':
      return <LlmFields />;
    case 'http':
      return <HttpFields />;
    case 'condition':
      return <ConditionFields />;
    case 'transform':
      return <TransformFields />;
    case 'delay':
      return <DelayFields />;
    case 'mcp':
      return <McpFields />;
    case 'sms':
    case 'email':
      return <MessageFields kind={kind} />;
    case 'end':
      return <EndFields />;
    case 'trigger':
      return null;
  }
}

/** The time limit and retries of a step (not of the trigger nor an end). */
function TimingFields({ kind }: { kind: NodeConfig['kind'] }) {
  const { t } = useTranslation('dashboard');
  const { register, error } = useNodeField();
  const timeout = kind === 'agent' || kind === 'llm' ? 120 : 30;
  return (
    <details className="group rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800" open={Boolean(error('common.timeoutSeconds') || error('common.retries') || error('common.retryBackoffSeconds')) || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-zinc-800 select-none dark:text-zinc-200">{t('workflowBuilder.inspector.timing')}</summary>
      <div className="mt-3 space-y-3 pb-1">
        <FormField
          label={t('workflowBuilder.inspector.timeout')}
          hint={t('workflowBuilder.inspector.timeoutHint', { seconds: timeout, max: LIMITS.timeout[1] })}
          inputMode="numeric"
          placeholder={String(timeout)}
          error={error('common.timeoutSeconds')}
          {...register('common.timeoutSeconds')}
        />
        <div className="grid grid-cols-2 gap-3">
          <FormField
            label={t('workflowBuilder.inspector.retries')}
            hint={t('workflowBuilder.inspector.retriesHint', { max: LIMITS.retries[1] })}
            inputMode="numeric"
            placeholder="0"
            error={error('common.retries')}
            {...register('common.retries')}
          />
          <FormField
            label={t('workflowBuilder.inspector.backoff')}
            hint={t('workflowBuilder.inspector.backoffHint')}
            inputMode="numeric"
            placeholder="2"
            error={error('common.retryBackoffSeconds')}
            {...register('common.retryBackoffSeconds')}
          />
        </div>
      </div>
    </details>
  );
}

/**
 * A node's settings, checked as they are typed (react-hook-form with the node type's zod schema)
 * and written into the graph as soon as they are valid; the server's problems with the node show
 * under their fields.
 */
export function NodeForm({ node, problems, onChange }: { node: NodeConfig; problems: ReadonlyMap<string, string>; onChange: (patch: Partial<NodeConfig>) => void }) {
  const { t } = useTranslation('dashboard');
  const kind = node.kind;
  const schema = useMemo(() => nodeFormSchema(kind), [kind]);
  const [defaults] = useState(() => toNodeFormValues(node));
  const write = useCallback((out: NodeFormOutput) => onChange(toNodePatch(out)), [onChange]);
  // Each change, once valid, goes into the graph.
  const form = useLiveForm<NodeFormValues, NodeFormOutput>(schema, defaults, write);
  const { register, formState } = form;
  const msg = formState.errors.common?.name?.message;
  return (
    <FormProvider {...form}>
      <NodeProblemsContext.Provider value={problems}>
        <form noValidate onSubmit={(e) => e.preventDefault()} className="space-y-4" aria-label={t('workflowBuilder.inspector.settings')}>
          <FormField
            label={t('workflowBuilder.inspector.name')}
            placeholder={t(`workflowBuilder.kinds.${kind}.label`)}
            error={msg ? t('workflowBuilder.validation.tooLong', { max: LIMITS.name }) : problems.get('common.name')}
            {...register('common.name')}
          />
          {TEMPLATED.has(kind) ? <TemplateHint /> : null}
          <DataFields kind={kind} />
          {kind !== 'trigger' && kind !== 'end' ? <TimingFields kind={kind} /> : null}
        </form>
      </NodeProblemsContext.Provider>
    </FormProvider>
  );
}

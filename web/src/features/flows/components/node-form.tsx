import { useCallback, useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLiveForm } from '@/components/graph-builder/use-live-form';
import { FormField } from '@/components/ui/form-field';
import { ApiFields } from '@/features/flows/components/fields/api-fields';
import { ChoiceFields } from '@/features/flows/components/fields/choice-fields';
import { ConditionFields, KnowledgeFields, LlmFields } from '@/features/flows/components/fields/logic-fields';
import { QuestionFields } from '@/features/flows/components/fields/question-fields';
import { TemplateHint } from '@/features/flows/components/fields/template-hint';
import { ClosingFields, MessageFields } from '@/features/flows/components/fields/text-fields';
import { ToolFields } from '@/features/flows/components/fields/tool-fields';
import { FieldProblemsContext, useFormMessage } from '@/features/flows/components/use-flow-field';
import { flowFormSchema, toFormData, type FlowFormOutput, type FlowFormValues } from '@/features/flows/utils/schemas';
import type { FlowMode, FlowNodeConfig } from '@/features/flows/utils/types';

function SettingsFields({ kind, mode }: { kind: FlowNodeConfig['kind']; mode: FlowMode }) {
  switch (kind) {
    case 'message':
      return <MessageFields mode={mode} />;
    case 'question':
      return <QuestionFields mode={mode} />;
    case 'choice':
      return <ChoiceFields />;
    case 'condition':
      return <ConditionFields />;
    case 'llm':
      return <LlmFields />;
    case 'knowledge':
      return <KnowledgeFields />;
    case 'api':
      return <ApiFields />;
    case 'tool':
      return <ToolFields />;
    case 'handoff':
    case 'end':
      return <ClosingFields kind={kind} />;
    case 'start':
      return null;
  }
}

/**
 * A node's settings, checked as they are typed (react-hook-form with the node type's zod schema)
 * and written into the flow as soon as they are valid; the flow's problems with the node show
 * under their fields.
 */
export function FlowNodeForm({ node, mode, problems, onChange }: { node: FlowNodeConfig; mode: FlowMode; problems: ReadonlyMap<string, string>; onChange: (patch: Partial<FlowNodeConfig>) => void }) {
  const { t } = useTranslation('dashboard');
  const msg = useFormMessage();
  const kind = node.kind;
  const schema = useMemo(() => flowFormSchema(kind), [kind]);
  const [defaults] = useState<FlowFormValues>(() => ({ name: node.name ?? '', data: toFormData[kind](node.settings) }));
  const write = useCallback((out: FlowFormOutput) => onChange({ name: out.name.trim() ? out.name : null, settings: out.data }), [onChange]);
  const form = useLiveForm<FlowFormValues, FlowFormOutput>(schema, defaults, write);
  return (
    <FormProvider {...form}>
      <FieldProblemsContext.Provider value={problems}>
        <form noValidate onSubmit={(e) => e.preventDefault()} className="space-y-4" aria-label={t('flowBuilder.inspector.settings')}>
          <FormField label={t('flowBuilder.inspector.name')} placeholder={t(`flowBuilder.kinds.${kind}.label`)} error={msg(form.formState.errors.name?.message)} {...form.register('name')} />
          {kind !== 'start' && kind !== 'condition' ? <TemplateHint /> : null}
          <SettingsFields kind={kind} mode={mode} />
        </form>
      </FieldProblemsContext.Provider>
    </FormProvider>
  );
}

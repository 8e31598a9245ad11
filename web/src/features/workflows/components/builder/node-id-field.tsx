import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { nodeIdSchema } from '@/features/workflows/components/builder/schemas';
import { useBuilderMessage } from '@/features/workflows/components/builder/use-builder-message';
import { ltr } from '@/components/graph-builder/ltr';

/**
 * A node's id, renamed when the field is left or Enter is pressed, if it is a valid id no other
 * node has (the edges and the templates naming `nodes.<old id>` follow it).
 */
export function NodeIdField({ id, taken, onRename, serverError }: { id: string; taken: ReadonlySet<string>; onRename: (to: string) => void; serverError?: string }) {
  const { t } = useTranslation('dashboard');
  const msg = useBuilderMessage();
  const schema = useMemo(() => z.object({ id: nodeIdSchema(taken) }), [taken]);
  const { register, handleSubmit, formState, reset } = useForm<{ id: string }, unknown, { id: string }>({ resolver: zodResolver(schema), defaultValues: { id }, mode: 'onChange' });
  const commit = handleSubmit((v) => {
    if (v.id !== id) onRename(v.id);
  });
  const field = register('id');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void commit();
      }}
    >
      <FormField
        label={t('workflowBuilder.inspector.id')}
        hint={t('workflowBuilder.inspector.idHint', { path: ltr(`nodes.${id}.output`) })}
        dir="ltr"
        spellCheck={false}
        autoComplete="off"
        error={msg(formState.errors.id?.message) ?? serverError}
        {...field}
        onBlur={(e) => {
          void field.onBlur(e);
          void commit().then(() => undefined);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') reset({ id });
        }}
      />
    </form>
  );
}

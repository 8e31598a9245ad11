import { createContext, useContext } from 'react';
import { useFormContext, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { keyedMessage } from '@/components/graph-builder/keyed-message';
import { ltr } from '@/components/graph-builder/ltr';
import type { FlowFormValues } from '@/features/flows/utils/schemas';
import type { KeyOf } from '@/types/i18n-keys';

const PREFIX = 'flowBuilder.form.';

/**
 * Translates the forms' own messages (`flowBuilder.form.range:1:10` → "Must be between 1 and
 * 10"); any other text (a check's, the server's) is shown as it is.
 */
export function useFormMessage() {
  const { t } = useTranslation('dashboard');
  return (message: string | undefined | null): string | undefined => {
    const own = message ? keyedMessage(message, PREFIX) : null;
    // Our own zod messages are keys of this namespace.
    return own ? t(own.key as KeyOf<'dashboard'>, { min: own.min, max: own.max, example: ltr('{"key": "value"}') }) : (message ?? undefined);
  };
}

/** The problems with the node, by form field (`data.text`, `data.choices`). */
export const FieldProblemsContext = createContext<ReadonlyMap<string, string>>(new Map());

/** The form's helpers for one node's fields, with each field's message (the form's own first, then the checks'). */
export function useFlowField() {
  const form = useFormContext<FlowFormValues>();
  const problems = useContext(FieldProblemsContext);
  const msg = useFormMessage();
  const error = (name: string): string | undefined => {
    const own = form.getFieldState(name as Path<FlowFormValues>, form.formState).error?.message;
    return msg(typeof own === 'string' ? own : undefined) ?? problems.get(name);
  };
  // The fields of each type live under `data`; react-hook-form's paths cannot know them.
  const register = (name: string, options?: Parameters<typeof form.register>[1]) => form.register(name as Path<FlowFormValues>, options);
  /** Sets a field as the person would (changed, then checked). */
  const set = (name: string, value: unknown) => form.setValue(name as Path<FlowFormValues>, value as never, { shouldDirty: true, shouldValidate: true });
  return { ...form, register, set, error };
}

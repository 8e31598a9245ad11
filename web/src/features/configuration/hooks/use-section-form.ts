import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConnectionTest } from '@/components/ui/use-connection-test';
import { useSaveConfiguration, useTestConnection, type SectionName, type Settings } from '@/features/configuration/api/configuration';
import { errorMessage, useConfigMessage } from '@/features/configuration/utils/messages';
import { INTEGRATION_OF, sectionBody, serverFieldMap, type SectionForm } from '@/features/configuration/utils/sections';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import type { KeyOf } from '@/types/i18n-keys';

/**
 * One section's form: its values from the settings in force (following them while the form is
 * untouched), saved alone (only this section is sent), and tried with "Test connection" as it
 * stands, unsaved. The server's field errors (`model.baseUrl`) land under their fields.
 */
export function useSectionForm<N extends SectionName, Values extends FieldValues>(name: N, def: SectionForm<N, Values>, current: Settings[N]) {
  const { t } = useTranslation('admin');
  const msg = useConfigMessage();
  const values = useMemo(() => def.toForm(current), [def, current]);
  const form = useForm<Values>({
    resolver: zodResolver(def.schema),
    values,
    // A newer configuration (read again, or saved by another admin) replaces what was not edited.
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const save = useSaveConfiguration();
  const test = useTestConnection();
  const [formError, setFormError] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const integration = INTEGRATION_OF[name];
  const fieldMap = serverFieldMap(name, def);
  const title = t(`configuration.sections.${name}.title` as KeyOf<'admin'>) as string;

  const placeErrors = (e: unknown) => {
    // Fields named after what the form holds now (a price table's rows, by model).
    const named = def.serverFields?.(form.getValues()) ?? {};
    const targets = [...def.fields, ...Object.values(named).filter((f) => f !== undefined)];
    return applyServerFieldErrors(e, form.setError, targets, { ...fieldMap, ...named });
  };
  const connection = useConnectionTest(form, placeErrors, (e) => msg(errorMessage(e)));

  const onSave = form.handleSubmit(async (v) => {
    setFormError(null);
    setJustSaved(false);
    try {
      const out = await save.mutateAsync(sectionBody(name, def.toInput(v, current)));
      // Secrets typed are cleared: the answer shows them masked. (A reset of the form's own
      // replaces every value, edited or not, unlike the one that follows the settings in force.)
      form.reset(def.toForm(out.settings[name]), { keepDirtyValues: false });
      setJustSaved(true);
      toast({ id: `configuration-${name}`, title: t('configuration.toast.saved', { section: title }), status: 'success' });
    } catch (e) {
      // Field errors land under their fields; anything else is said at the top of the card.
      if (!placeErrors(e)) setFormError(msg(errorMessage(e)) ?? null);
    }
  });

  const onTest = form.handleSubmit(async (v) => {
    if (!integration) return;
    setFormError(null);
    await connection.start(() => test.mutateAsync({ integration, settings: sectionBody(name, def.toInput(v, current)) }));
  });

  const discard = () => {
    setFormError(null);
    form.reset(values, { keepDirtyValues: false });
  };

  return {
    form,
    title,
    integration,
    onSave,
    onTest,
    discard,
    saving: save.isPending,
    testing: test.isPending,
    dirty: form.formState.isDirty,
    /** "Saved and applied", until the form is changed again. */
    saved: justSaved && !form.formState.isDirty,
    formError,
    /** The last test's outcome, while the form still holds the values it tried. */
    testOutcome: connection.outcome,
  };
}

/** What a section's card shows of its form: the title, the buttons' states, the save and test outcomes. */
export type SectionCardState = Omit<ReturnType<typeof useSectionForm>, 'form'>;

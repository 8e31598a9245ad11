import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConnectionTest } from '@/components/ui/use-connection-test';
import { useSaveIntegration, useTestIntegration, type Integration } from '@/features/integrations/api/integrations';
import { changesOf, errorMessage, formFields, toForm, useIntegrationMessage, type IntegrationValues } from '@/features/integrations/utils/fields';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

/**
 * One service's form: its values from the saved credentials (following them while the form is
 * untouched), saved with only what changed, and tried with "Test connection" as it stands,
 * unsaved. The server's field errors (`botToken`) land under their fields.
 */
export function useIntegrationForm(integration: Integration, teamId: string | null) {
  const { t } = useTranslation('dashboard');
  const msg = useIntegrationMessage();
  const values = useMemo(() => toForm(integration), [integration]);
  const fields = useMemo(() => formFields(integration).map((f) => f.name), [integration]);
  const form = useForm<IntegrationValues>({
    values,
    // Credentials saved meanwhile (another owner of the team) replace what was not edited.
    resetOptions: { keepDirtyValues: true },
  });
  const save = useSaveIntegration(teamId);
  const test = useTestIntegration(teamId);
  const [formError, setFormError] = useState<string | null>(null);
  const name = integration.name;

  const placeErrors = (e: unknown) => applyServerFieldErrors(e, form.setError, fields);
  const connection = useConnectionTest(form, placeErrors, (e) => msg(errorMessage(e)));

  const onSave = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const out = await save.mutateAsync({ name, changes: changesOf(integration, v) });
      // Secrets typed are cleared: the answer shows them masked.
      form.reset(toForm(out), { keepDirtyValues: false });
      toast({ id: `integration-${name}`, title: t('settings.integrations.saved', { service: out.title }), status: 'success' });
    } catch (e) {
      // Field errors land under their fields; anything else is said at the top of the form.
      if (!placeErrors(e)) setFormError(msg(errorMessage(e)) ?? null);
    }
  });

  const onTest = form.handleSubmit(async (v) => {
    setFormError(null);
    await connection.start(() => test.mutateAsync({ name, changes: changesOf(integration, v) }));
  });

  const discard = () => {
    setFormError(null);
    form.reset(values, { keepDirtyValues: false });
  };

  return {
    form,
    onSave,
    onTest,
    discard,
    saving: save.isPending,
    testing: test.isPending,
    dirty: form.formState.isDirty,
    formError,
    /** The last test's outcome, while the form still holds the values it tried. */
    testOutcome: connection.outcome,
  };
}

import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical, Globe, PlugZap, Save, Terminal } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { TextareaField } from '@/components/ui/textarea-field';
import type { McpProbeResult, McpServerInput } from '@/features/mcp/api/mcp-servers';
import { KeyValueRows } from '@/features/mcp/components/key-value-rows';
import { ProbeResult } from '@/features/mcp/components/probe-result';
import { FIELD_MAP, FORM_FIELDS, mcpSchema, toInput, type McpFormValues } from '@/features/mcp/utils/form-values';
import { errorMessage, useMcpMessage } from '@/features/mcp/utils/messages';
import { MCP_TRANSPORTS, type McpTransport } from '@/lib/api-enums';
import { applyServerFieldErrors } from '@/lib/form-errors';
import type { KeyOf } from '@/types/i18n-keys';

const TRANSPORT_TEXT: Record<McpTransport, { title: KeyOf<'dashboard'>; description: KeyOf<'dashboard'>; icon: typeof Globe }> = {
  streamable_http: { title: 'mcp.transport.streamable_http', description: 'mcp.form.transportHttp', icon: Globe },
  stdio: { title: 'mcp.transport.stdio', description: 'mcp.form.transportStdio', icon: Terminal },
};

/** What the form does once the server is saved: nothing more, or test it. */
export type AfterSave = 'stay' | 'test';

export type McpFormProps = {
  defaultValues: McpFormValues;
  mode: 'create' | 'edit';
  /** Whether stdio may be chosen (an admin, signed in); a stored stdio server keeps it either way. */
  canUseStdio: boolean;
  /** Saves the server; throws the API's error, whose field errors are placed beside their fields. */
  onSubmit: (input: McpServerInput, after: AfterSave) => Promise<void>;
  /** Told when the form starts or stops differing from what it was opened with. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Tests the configuration as it stands, saving nothing (adding a server only). */
  onTest?: (input: McpServerInput) => Promise<McpProbeResult>;
};

/**
 * The form of an MCP server, to add one or change it: its name and description, and how it is
 * reached (stdio: a command, its arguments and environment; streamable HTTP: a URL and its
 * headers), checked as the user types with the server's own rules.
 */
export function McpForm({ defaultValues, mode, canUseStdio, onSubmit, onDirtyChange, onTest }: McpFormProps) {
  const { t } = useTranslation('dashboard');
  const msg = useMcpMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const [after, setAfter] = useState<AfterSave | 'probe'>('stay');
  const [probe, setProbe] = useState<McpProbeResult | null>(null);
  const { register, handleSubmit, formState, setError, control, setValue } = useForm<McpFormValues>({
    resolver: zodResolver(mcpSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const errors = formState.errors;
  const transport = useWatch({ control, name: 'transport' });
  // Only an admin adds or changes a stdio server; a stored one shows as it is.
  const stdioLocked = !canUseStdio && !(mode === 'edit' && defaultValues.transport === 'stdio');
  const dirty = formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const submit = (then: AfterSave) =>
    handleSubmit(async (values) => {
      setFormError(null);
      setAfter(then);
      try {
        await onSubmit(toInput(values), then);
      } catch (e) {
        if (!applyServerFieldErrors(e, setError, FORM_FIELDS, FIELD_MAP)) setFormError(msg(errorMessage(e)) ?? null);
      }
    });

  // A test of the configuration as it stands: checked like a save, nothing stored.
  const runProbe = handleSubmit(async (values) => {
    if (!onTest) return;
    setFormError(null);
    setAfter('probe');
    setProbe(null);
    try {
      setProbe(await onTest(toInput(values)));
    } catch (e) {
      if (!applyServerFieldErrors(e, setError, FORM_FIELDS, FIELD_MAP)) setFormError(msg(errorMessage(e)) ?? null);
    }
  });

  const busy = formState.isSubmitting;
  return (
    <form noValidate onSubmit={(e) => void submit('stay')(e)} className="space-y-6" aria-label={mode === 'create' ? t('mcp.form.createLabel') : t('mcp.form.editLabel')}>
      {formError ? <Notice tone="error">{formError}</Notice> : null}

      <Section id="mcp-basics" title={t('mcp.form.basics')}>
        <div className="space-y-4">
          <FormField label={t('mcp.form.name')} autoComplete="off" dir="auto" error={msg(errors.name?.message)} {...register('name')} />
          <TextareaField label={t('mcp.form.description')} rows={2} error={msg(errors.description?.message)} {...register('description')} />
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => <Switch label={t('mcp.form.enabled')} description={t('mcp.form.enabledHint')} checked={field.value} onChange={field.onChange} />}
          />
        </div>
      </Section>

      <Section id="mcp-connection" title={t('mcp.form.connection')} description={t('mcp.form.connectionHint')}>
        <div className="space-y-4">
          <fieldset aria-describedby="mcp-stdio-note">
            <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('mcp.form.transport')}</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {MCP_TRANSPORTS.map((value) => {
                const text = TRANSPORT_TEXT[value];
                const disabled = value === 'stdio' && stdioLocked;
                const Icon = text.icon;
                return (
                  <label
                    key={value}
                    className={cn(
                      'flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-500/40',
                      transport === value ? 'border-accent-500 bg-accent-50/60 dark:border-accent-500/70 dark:bg-accent-500/10' : 'border-zinc-200 dark:border-zinc-800',
                      disabled && 'cursor-not-allowed opacity-60',
                    )}
                  >
                    <input type="radio" value={value} disabled={disabled} className="mt-1 size-4 accent-accent-600" {...register('transport')} />
                    <span className="min-w-0">
                      <span className="flex items-center gap-1.5 text-sm font-medium">
                        <Icon aria-hidden className="size-4 text-zinc-500 dark:text-zinc-400" />
                        {t(text.title)}
                      </span>
                      <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">{t(text.description)}</span>
                    </span>
                  </label>
                );
              })}
            </div>
            <p id="mcp-stdio-note" className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
              {stdioLocked ? t('mcp.form.stdioAdminOnly') : t('mcp.form.stdioAllowList')}
            </p>
          </fieldset>

          {transport === 'stdio' ? (
            <>
              <FormField
                label={t('mcp.form.command')}
                placeholder="npx"
                autoComplete="off"
                spellCheck={false}
                dir="ltr"
                className="[&_input]:font-mono"
                error={msg(errors.command?.message)}
                {...register('command')}
              />
              <TextareaField
                label={t('mcp.form.args')}
                hint={t('mcp.form.argsHint')}
                placeholder={'-y\n@modelcontextprotocol/server-everything'}
                rows={4}
                spellCheck={false}
                className="[&_textarea]:font-mono"
                error={msg(errors.argsText?.message)}
                {...register('argsText')}
                dir="ltr"
              />
              <KeyValueRows
                name="env"
                control={control}
                register={register}
                setValue={setValue}
                legend={t('mcp.form.env')}
                hint={t('mcp.form.envHint')}
                keyLabel={t('mcp.form.envName')}
                valueLabel={t('mcp.form.envValue')}
                addLabel={t('mcp.form.addEnv')}
                keyPlaceholder="API_KEY"
                valuePlaceholder={t('mcp.form.valuePlaceholder')}
              />
            </>
          ) : (
            <>
              <FormField
                label={t('mcp.form.url')}
                type="url"
                inputMode="url"
                placeholder="https://mcp.example.com/mcp"
                autoComplete="off"
                spellCheck={false}
                dir="ltr"
                error={msg(errors.url?.message)}
                {...register('url')}
              />
              <KeyValueRows
                name="headers"
                control={control}
                register={register}
                setValue={setValue}
                legend={t('mcp.form.headers')}
                hint={t('mcp.form.headersHint')}
                keyLabel={t('mcp.form.headerName')}
                valueLabel={t('mcp.form.headerValue')}
                addLabel={t('mcp.form.addHeader')}
                keyPlaceholder="Authorization"
                valuePlaceholder={t('mcp.form.valuePlaceholder')}
              />
            </>
          )}
          {onTest ? (
            <div className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
              <div className="flex flex-wrap items-center gap-3">
                <Button variant="secondary" disabled={busy} onClick={(e) => void runProbe(e)}>
                  {busy && after === 'probe' ? <Spinner className="size-4" /> : <PlugZap aria-hidden className="size-4" />}
                  {t('mcp.form.testConnection')}
                </Button>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('mcp.form.testConnectionHint')}</p>
              </div>
              <div aria-live="polite">{probe ? <ProbeResult result={probe} /> : null}</div>
            </div>
          ) : null}
        </div>
      </Section>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ButtonLink to="/dashboard/mcp" variant="ghost">
          {t('mcp.form.cancel')}
        </ButtonLink>
        {mode === 'create' ? (
          <>
            <Button type="submit" variant="secondary" disabled={busy}>
              {busy && after === 'stay' ? <Spinner className="size-4" /> : <Save aria-hidden className="size-4" />}
              {t('mcp.form.save')}
            </Button>
            <Button disabled={busy} onClick={(e) => void submit('test')(e)}>
              {busy && after === 'test' ? <Spinner className="size-4 border-white/40 border-t-white" /> : <FlaskConical aria-hidden className="size-4" />}
              {t('mcp.form.saveAndTest')}
            </Button>
          </>
        ) : (
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Save aria-hidden className="size-4" />}
            {t('mcp.form.saveChanges')}
          </Button>
        )}
      </div>
    </form>
  );
}

import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useCreateEndpoint, useUpdateEndpoint, type Endpoint, type EndpointEvent, type EndpointUpdate, type EndpointWithSecret } from '@/features/webhooks/api/endpoints';
import { DESCRIPTION_MAX, ENDPOINT_EVENTS, EVENT_DESCRIPTIONS, URL_MAX, isHttpUrl } from '@/features/webhooks/utils/endpoint-events';
import { errorMessage, useWebhookMessage } from '@/features/webhooks/utils/messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

type Values = { url: string; description: string; events: EndpointEvent[]; enabled: boolean };

/** A URL's problem, as a message key (the server checks the same, and that the address is public). */
function urlProblem(url: string): string | undefined {
  const v = url.trim();
  if (!v) return 'webhooks.validation.required';
  if (v.length > URL_MAX) return 'webhooks.endpoints.validation.urlTooLong';
  if (!isHttpUrl(v)) return 'webhooks.validation.url';
  return undefined;
}

/** The events ticked, in the form's order (so an edit's comparison does not depend on the order of clicks). */
const ordered = (events: readonly string[]) => ENDPOINT_EVENTS.filter((e) => events.includes(e));

/**
 * "New endpoint" (`endpoint` absent) or an endpoint's edit: the URL, a description, the events it
 * takes (each with what it is), and, when made, whether it starts enabled. A new one hands the
 * answer with its secret to `onCreated`; an edit sends only what changed. The server's 422 errors
 * land under the fields they name.
 */
export function EndpointFormDialog({ endpoint, onClose, onCreated }: { endpoint?: Endpoint; onClose: () => void; onCreated?: (made: EndpointWithSecret) => void }) {
  const { t } = useTranslation('dashboard');
  const msg = useWebhookMessage();
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const pending = create.isPending || update.isPending;
  const eventsId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    defaultValues: endpoint
      ? { url: endpoint.url, description: endpoint.description, events: [...endpoint.events], enabled: endpoint.enabled }
      : { url: '', description: '', events: [], enabled: true },
  });
  const errors = formState.errors;

  const failed = (e: unknown) => {
    if (!applyServerFieldErrors(e, setError, ['url', 'events', 'description'])) setFormError(msg(errorMessage(e)) ?? null);
  };

  const submit = handleSubmit((v) => {
    setFormError(null);
    const url = v.url.trim();
    const description = v.description.trim();
    const events = ordered(v.events);
    if (!endpoint) {
      create.mutate({ url, events, ...(description ? { description } : {}), enabled: v.enabled }, { onSuccess: (made) => onCreated?.(made), onError: failed });
      return;
    }
    const changes: EndpointUpdate = {};
    if (url !== endpoint.url) changes.url = url;
    if (description !== endpoint.description) changes.description = description;
    if (events.join() !== ordered(endpoint.events).join()) changes.events = events;
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: endpoint.id, changes },
      {
        onSuccess: () => {
          toast({ id: `endpoint-saved-${endpoint.id}`, title: t('webhooks.endpoints.form.saved'), status: 'success' });
          onClose();
        },
        onError: failed,
      },
    );
  });

  const eventsError = msg(errors.events?.message);
  return (
    <Dialog
      title={endpoint ? t('webhooks.endpoints.form.editTitle') : t('webhooks.endpoints.form.createTitle')}
      description={endpoint ? undefined : t('webhooks.endpoints.form.createDescription')}
      closeLabel={t('webhooks.close')}
      onClose={onClose}
      dismissable={!pending}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <FormField
          label={t('webhooks.endpoints.fields.url')}
          type="url"
          inputMode="url"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/webhooks/agentforge"
          hint={t('webhooks.endpoints.fields.urlHint')}
          error={msg(errors.url?.message)}
          {...register('url', { validate: urlProblem })}
        />
        <FormField
          label={t('webhooks.endpoints.fields.description')}
          hint={t('webhooks.endpoints.fields.descriptionHint')}
          autoComplete="off"
          dir="auto"
          error={msg(errors.description?.message)}
          {...register('description', { validate: (v) => (v.trim().length > DESCRIPTION_MAX ? 'webhooks.endpoints.validation.descriptionTooLong' : undefined) })}
        />
        <fieldset aria-describedby={eventsError ? `${eventsId}-error` : `${eventsId}-hint`}>
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('webhooks.endpoints.fields.events')}</legend>
          <p id={`${eventsId}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            {t('webhooks.endpoints.fields.eventsHint')}
          </p>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {ENDPOINT_EVENTS.map((event) => (
              <li key={event}>
                <label className="flex h-full cursor-pointer items-start gap-2.5 rounded-lg border border-zinc-200 px-3 py-2 text-sm transition hover:border-zinc-300 has-[:checked]:border-accent-500 has-[:checked]:bg-accent-50/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-500/40 dark:border-zinc-800 dark:hover:border-zinc-700 dark:has-[:checked]:border-accent-500/70 dark:has-[:checked]:bg-accent-500/10">
                  <input
                    type="checkbox"
                    value={event}
                    aria-invalid={eventsError ? true : undefined}
                    className="mt-0.5 size-4 shrink-0 rounded accent-accent-600"
                    {...register('events', { validate: (v) => (v.length > 0 ? undefined : 'webhooks.endpoints.validation.events') })}
                  />
                  <span className="min-w-0">
                    <code dir="ltr" className="block font-mono text-[0.8125rem] font-medium text-zinc-900 dark:text-zinc-100">
                      {event}
                    </code>
                    <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">{t(EVENT_DESCRIPTIONS[event])}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {eventsError ? (
            <p id={`${eventsId}-error`} className="mt-2 text-sm text-red-600 dark:text-red-400">
              {eventsError}
            </p>
          ) : null}
        </fieldset>
        {endpoint ? null : (
          <label className="flex items-start gap-2.5 text-sm">
            <input type="checkbox" className="mt-0.5 size-4 shrink-0 rounded accent-accent-600" {...register('enabled')} />
            <span>
              <span className="block font-medium text-zinc-800 dark:text-zinc-200">{t('webhooks.endpoints.fields.enabled')}</span>
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">{t('webhooks.endpoints.fields.enabledHint')}</span>
            </span>
          </label>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('webhooks.cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="size-4 border-white/40 border-t-white" /> : endpoint ? null : <Plus aria-hidden className="size-4" />}
            {endpoint ? t('webhooks.endpoints.form.save') : t('webhooks.endpoints.form.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

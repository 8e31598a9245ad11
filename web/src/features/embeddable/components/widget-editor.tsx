import { zodResolver } from '@hookform/resolvers/zod';
import { CircleHelp, MessageCircle, Sparkles, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { TextareaField } from '@/components/ui/textarea-field';
import { useSaveWidget, type Widget, type WidgetIcon } from '@/features/embeddable/api/widget';
import { RowsEditor } from '@/features/embeddable/components/rows-editor';
import { SnippetCard } from '@/features/embeddable/components/snippet-card';
import { WidgetPreview } from '@/features/embeddable/components/widget-preview';
import { WidgetStatus } from '@/features/embeddable/components/widget-status';
import {
  dashboardOrigin,
  GREETING_MAX_CHARS,
  ICONS,
  ORIGINS_MAX,
  POSITIONS,
  QUESTION_MAX_CHARS,
  QUESTIONS_MAX,
  RATE_MAX,
  TITLE_MAX_CHARS,
  toForm,
  toSettings,
  useWidgetMessage,
  widgetSchema,
  type WidgetValues,
} from '@/features/embeddable/utils/form';
import { GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

const ICON_SHAPES: Record<WidgetIcon, LucideIcon> = { chat: MessageCircle, help: CircleHelp, sparkle: Sparkles };

/** A group of radio cards (the position, the icon). */
function RadioCards<V extends string>({
  form,
  name,
  legend,
  options,
  label,
  visual,
}: {
  form: UseFormReturn<WidgetValues>;
  name: 'position' | 'icon';
  legend: string;
  options: readonly V[];
  label: (v: V) => string;
  visual: (v: V) => ReactNode;
}) {
  const id = useId();
  const current = useWatch({ control: form.control, name });
  return (
    <fieldset>
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-500/40',
              current === value ? 'border-accent-500 bg-accent-50/60 dark:border-accent-500/70 dark:bg-accent-500/10' : 'border-zinc-200 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:bg-zinc-800/60',
            )}
          >
            <input type="radio" value={value} className="sr-only" aria-labelledby={`${id}-${value}`} {...form.register(name)} />
            {visual(value)}
            <span id={`${id}-${value}`}>{label(value)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A picture of where the launcher sits. */
function CornerPicture({ left }: { left: boolean }) {
  return (
    <span aria-hidden className="relative inline-block h-5 w-7 rounded border border-zinc-300 bg-white dark:border-zinc-600 dark:bg-zinc-900">
      <span className={cn('absolute bottom-0.5 size-1.5 rounded-full bg-accent-600 dark:bg-accent-400', left ? 'left-0.5' : 'right-0.5')} />
    </span>
  );
}

/**
 * One agent's widget: its status, the settings form (saved whole), the tag to paste and the live
 * preview. The server's field errors (`allowedOrigins.2`, `color` …) land under their fields.
 */
export function WidgetEditor({ agent, widget }: { agent: { id: string; name: string }; widget: Widget }) {
  const { t } = useTranslation('dashboard');
  const msg = useWidgetMessage();
  const values = useMemo(() => toForm(widget.settings), [widget.settings]);
  const form = useForm<WidgetValues>({ resolver: zodResolver(widgetSchema), defaultValues: values });
  const { register, control, formState, setValue, getValues } = form;
  const errors = formState.errors;
  const save = useSaveWidget(agent.id);
  const [formError, setFormError] = useState<string | null>(null);
  const [allowing, setAllowing] = useState(false);
  const color = useWatch({ control, name: 'color' });
  const swatch = /^#[0-9a-fA-F]{6}$/.test(color.trim()) ? color.trim().toLowerCase() : '#4f46e5';

  // Settings read again meanwhile (another editor's save) replace the form's, unless it is being edited.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(values);
  }, [form, values]);

  const onSave = form.handleSubmit(async (v) => {
    setFormError(null);
    const { settings, fieldMap, fields } = toSettings(v);
    try {
      const out = await save.mutateAsync(settings);
      form.reset(toForm(out.settings));
      toast({ id: 'widget-saved', title: t('embeddable.saved'), status: 'success' });
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, fields, fieldMap)) setFormError(msg(e instanceof Error ? e.message : GENERIC_ERROR_MESSAGE) ?? null);
    }
  });

  /** Adds this dashboard's origin to the allowed ones and saves, so the preview can send messages. */
  const allowDashboard = async () => {
    const origin = dashboardOrigin();
    const rows = getValues('allowedOrigins');
    if (!rows.some((r) => r.value.trim() === origin)) setValue('allowedOrigins', [...rows, { value: origin }], { shouldDirty: true });
    setAllowing(true);
    try {
      await onSave();
    } finally {
      setAllowing(false);
    }
  };

  const discard = () => {
    setFormError(null);
    form.reset(values, { keepDirtyValues: false });
  };

  const sectionFields = 'grid gap-4 sm:grid-cols-2';

  return (
    <div className="space-y-6">
      <WidgetStatus agentId={agent.id} widget={widget} />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_32rem]">
        <form noValidate onSubmit={(e) => void onSave(e)} aria-label={t('embeddable.form.label', { name: agent.name })} className="min-w-0 space-y-6">
          {formError ? <Notice tone="error">{formError}</Notice> : null}

          <Section id="widget-availability" title={t('embeddable.form.availability.title')} description={t('embeddable.form.availability.description')}>
            <div className="space-y-6">
              <Controller
                control={control}
                name="enabled"
                render={({ field }) => <Switch label={t('embeddable.form.enabled')} description={t('embeddable.form.enabledHint')} checked={field.value} onChange={field.onChange} />}
              />
              <RowsEditor
                name="allowedOrigins"
                control={control}
                register={register}
                legend={t('embeddable.form.origins')}
                hint={
                  <>
                    <p>{t('embeddable.form.originsHint')}</p>
                    <p className="mt-1">{t('embeddable.form.originsExample')}</p>
                  </>
                }
                rowLabel={(n) => t('embeddable.form.origin', { n })}
                addLabel={t('embeddable.form.addOrigin')}
                removeLabel={(n) => t('embeddable.form.removeOrigin', { n })}
                placeholder="https://shop.example.com"
                max={ORIGINS_MAX}
                ltr
              />
            </div>
          </Section>

          <Section id="widget-appearance" title={t('embeddable.form.appearance.title')} description={t('embeddable.form.appearance.description')}>
            <div className="space-y-5">
              <div className="flex max-w-md items-start gap-2">
                <input
                  type="color"
                  aria-label={t('embeddable.form.colorPicker')}
                  value={swatch}
                  onChange={(e) => setValue('color', e.target.value, { shouldDirty: true, shouldValidate: true })}
                  className="mt-7 h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-zinc-300 bg-white p-1 dark:border-zinc-700 dark:bg-zinc-900"
                />
                <FormField
                  label={t('embeddable.form.color')}
                  dir="ltr"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={7}
                  className="min-w-0 flex-1"
                  hint={t('embeddable.form.colorHint')}
                  error={msg(errors.color?.message)}
                  {...register('color')}
                />
              </div>
              <RadioCards
                form={form}
                name="position"
                legend={t('embeddable.form.position')}
                options={POSITIONS}
                label={(p) => t(`embeddable.form.positions.${p}`)}
                visual={(p) => <CornerPicture left={p === 'bottom-left'} />}
              />
              <RadioCards
                form={form}
                name="icon"
                legend={t('embeddable.form.icon')}
                options={ICONS}
                label={(i) => t(`embeddable.form.icons.${i}`)}
                visual={(i) => {
                  const Shape = ICON_SHAPES[i];
                  return (
                    <span aria-hidden className="flex size-7 items-center justify-center rounded-full text-white" style={{ backgroundColor: swatch }}>
                      <Shape className="size-4" />
                    </span>
                  );
                }}
              />
              <div className={sectionFields}>
                <FormField
                  label={t('embeddable.form.title')}
                  dir="auto"
                  autoComplete="off"
                  maxLength={TITLE_MAX_CHARS}
                  placeholder={agent.name}
                  hint={t('embeddable.form.titleHint', { name: agent.name })}
                  error={msg(errors.title?.message)}
                  {...register('title')}
                />
                <FormField
                  label={t('embeddable.form.avatarUrl')}
                  type="url"
                  dir="ltr"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://shop.example.com/avatar.png"
                  hint={t('embeddable.form.avatarUrlHint')}
                  error={msg(errors.avatarUrl?.message)}
                  {...register('avatarUrl')}
                />
              </div>
            </div>
          </Section>

          <Section id="widget-messages" title={t('embeddable.form.messages.title')} description={t('embeddable.form.messages.description')}>
            <div className="space-y-5">
              <TextareaField
                label={t('embeddable.form.greeting')}
                rows={3}
                maxLength={GREETING_MAX_CHARS}
                hint={t('embeddable.form.greetingHint')}
                error={msg(errors.greeting?.message)}
                {...register('greeting')}
              />
              <RowsEditor
                name="suggestedQuestions"
                control={control}
                register={register}
                legend={t('embeddable.form.questions')}
                hint={t('embeddable.form.questionsHint', { max: QUESTIONS_MAX })}
                rowLabel={(n) => t('embeddable.form.question', { n })}
                addLabel={t('embeddable.form.addQuestion')}
                removeLabel={(n) => t('embeddable.form.removeQuestion', { n })}
                placeholder={t('embeddable.form.questionPlaceholder')}
                max={QUESTIONS_MAX}
                maxLength={QUESTION_MAX_CHARS}
              />
            </div>
          </Section>

          <Section id="widget-limits" title={t('embeddable.form.limits.title')} description={t('embeddable.form.limits.description')}>
            <div className={sectionFields}>
              <FormField
                label={t('embeddable.form.visitorRate')}
                type="number"
                inputMode="numeric"
                min={1}
                max={RATE_MAX}
                hint={t('embeddable.form.visitorRateHint', { max: RATE_MAX })}
                error={msg(errors.visitorMessagesPerMinute?.message)}
                {...register('visitorMessagesPerMinute', { valueAsNumber: true })}
              />
              <FormField
                label={t('embeddable.form.ipRate')}
                type="number"
                inputMode="numeric"
                min={1}
                max={RATE_MAX}
                hint={t('embeddable.form.ipRateHint', { max: RATE_MAX })}
                error={msg(errors.ipMessagesPerMinute?.message)}
                {...register('ipMessagesPerMinute', { valueAsNumber: true })}
              />
            </div>
          </Section>

          <div className={cn('flex flex-wrap items-center justify-end gap-3 rounded-xl border border-zinc-200 bg-white/95 px-4 py-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900/95', formState.isDirty && 'sticky bottom-4 z-10 backdrop-blur')}>
            <p role="status" className="me-auto text-sm text-zinc-600 dark:text-zinc-400">
              {formState.isDirty ? t('embeddable.form.unsaved') : null}
            </p>
            {formState.isDirty ? (
              <Button variant="ghost" size="sm" onClick={discard} disabled={save.isPending}>
                {t('embeddable.form.discard')}
              </Button>
            ) : null}
            <Button type="submit" size="sm" disabled={!formState.isDirty || save.isPending}>
              {save.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
              {save.isPending ? t('embeddable.form.saving') : t('embeddable.form.save')}
            </Button>
          </div>
        </form>

        <aside className="min-w-0 space-y-6 xl:sticky xl:top-4" aria-label={t('embeddable.aside')}>
          <SnippetCard widget={widget} />
          <WidgetPreview agentId={agent.id} agentName={agent.name} control={control} saved={widget.settings} onAllow={() => void allowDashboard()} allowing={allowing} />
        </aside>
      </div>
    </div>
  );
}

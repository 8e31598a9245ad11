import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, PlugZap } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { useTeamSettings, useUpdateTeamSettings, type TeamSettings, type TeamSettingsInput } from '@/features/teams/api/team-settings';
import { DEFAULT_ROLES, INVITE_POLICIES, SETTINGS_FIELDS, settingsSchema, useTeamMessage, type SettingsValues } from '@/features/teams/utils/validation';
import { oneOf } from '@/lib/api-enums';
import { applyServerFieldErrors } from '@/lib/form-errors';
import type { Team } from '@/lib/teams';

const fromTeam = (team: Team): SettingsValues => ({
  name: team.name,
  description: team.description,
  // The server never makes ownership a default; should it ever say so, "member" is what it means.
  defaultRole: oneOf(DEFAULT_ROLES, team.defaultRole, 'member'),
  invitePolicy: team.invitePolicy,
});

/** Who may invite: one radio per policy, each with what it means. */
function InvitePolicyField({ form, disabled, error }: { form: UseFormReturn<SettingsValues>; disabled: boolean; error?: string }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const policy = useWatch({ control: form.control, name: 'invitePolicy' });
  const text = {
    admins: { title: t('teams.settings.policies.admins'), hint: t('teams.settings.policies.adminsHint') },
    members: { title: t('teams.settings.policies.members'), hint: t('teams.settings.policies.membersHint') },
  } as const;
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('teams.settings.invitePolicy')}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {INVITE_POLICIES.map((value) => (
          <label
            key={value}
            className={cn(
              'flex items-start gap-3 rounded-xl border p-4 text-start transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-500/40',
              policy === value ? 'border-accent-500 bg-accent-50/60 dark:border-accent-500/70 dark:bg-accent-500/10' : 'border-zinc-200 dark:border-zinc-800',
              disabled ? 'cursor-not-allowed opacity-70' : 'cursor-pointer',
            )}
          >
            <input
              type="radio"
              value={value}
              disabled={disabled}
              aria-labelledby={`${id}-${value}`}
              aria-describedby={`${id}-${value}-hint`}
              className="mt-1 size-4 shrink-0 accent-accent-600"
              {...form.register('invitePolicy')}
            />
            <span className="min-w-0">
              <span id={`${id}-${value}`} className="block text-sm font-medium">
                {text[value].title}
              </span>
              <span id={`${id}-${value}-hint`} className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">
                {text[value].hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The form itself. It follows the saved settings as they are read again (another admin's change),
 * keeping what I am editing; owners and admins save, the others see the settings disabled.
 */
function SettingsForm({ teamId, settings }: { teamId: string; settings: TeamSettings }) {
  const { t } = useTranslation('dashboard');
  const msg = useTeamMessage();
  const update = useUpdateTeamSettings(teamId);
  const [saved, setSaved] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const values = useMemo(() => fromTeam(settings.team), [settings.team]);
  const form = useForm<SettingsValues>({ resolver: zodResolver(settingsSchema), values, resetOptions: { keepDirtyValues: true } });
  const { register, handleSubmit, formState, setError, reset } = form;
  const readOnly = !settings.canEdit;

  const submit = handleSubmit((next) => {
    setServerError(null);
    setSaved(false);
    // Only what differs from the saved settings is sent: a field someone else changed meanwhile stays theirs.
    const changes: Omit<TeamSettingsInput, 'teamId'> = {};
    if (next.name !== values.name) changes.name = next.name;
    if (next.description !== values.description) changes.description = next.description;
    if (next.defaultRole !== values.defaultRole) changes.defaultRole = next.defaultRole;
    if (next.invitePolicy !== values.invitePolicy) changes.invitePolicy = next.invitePolicy;
    update.mutate(changes, {
      onSuccess: (out) => {
        reset(fromTeam(out.team));
        setSaved(true);
      },
      onError: (e) => {
        if (!applyServerFieldErrors(e, setError, SETTINGS_FIELDS)) setServerError(e.message);
      },
    });
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('teams.settings.title')} className="space-y-4">
      {readOnly ? <Notice tone="info">{t('teams.settings.readOnly')}</Notice> : null}
      {serverError ? <Notice tone="error">{serverError}</Notice> : null}
      <FormField label={t('teams.fields.name')} autoComplete="off" dir="auto" disabled={readOnly} error={msg(formState.errors.name?.message)} {...register('name')} />
      <TextareaField label={t('teams.fields.description')} rows={2} disabled={readOnly} error={msg(formState.errors.description?.message)} {...register('description')} />
      <SelectField
        label={t('teams.settings.defaultRole')}
        hint={t('teams.settings.defaultRoleHint')}
        disabled={readOnly}
        error={msg(formState.errors.defaultRole?.message)}
        className="sm:max-w-xs"
        {...register('defaultRole')}
      >
        {DEFAULT_ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`teams.roles.${r}`)}
          </option>
        ))}
      </SelectField>
      <InvitePolicyField form={form} disabled={readOnly} error={msg(formState.errors.invitePolicy?.message)} />
      {readOnly ? null : (
        <div className="flex flex-wrap items-center justify-end gap-3">
          {/* Announced when it appears; gone again at the next change. */}
          <p role="status" className="flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400">
            {saved && !formState.isDirty ? (
              <>
                <CheckCircle2 aria-hidden className="size-4" />
                {t('teams.settings.saved')}
              </>
            ) : null}
          </p>
          <Button type="submit" disabled={update.isPending || !formState.isDirty}>
            {update.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
            {update.isPending ? t('teams.settings.saving') : t('teams.settings.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * "Settings": the team's name, description, the role newcomers get and who may invite them, and a
 * link to the team's integrations.
 * `settings` is the panel's query (it needs `canInvite` too), read once for both.
 */
export function TeamSettingsCard({ teamId, settings }: { teamId: string; settings: ReturnType<typeof useTeamSettings> }) {
  const { t } = useTranslation('dashboard');
  return (
    <Section
      id="team-settings"
      title={t('teams.settings.title')}
      description={t('teams.settings.description')}
      action={
        // The team's own credentials for outside services, on Settings › Integrations (read-only for members).
        <Link
          to={`/dashboard/settings?integrations=${encodeURIComponent(teamId)}#integrations`}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-600 hover:underline dark:text-accent-400"
        >
          <PlugZap aria-hidden className="size-4" />
          {t('settings.integrations.teamLink')}
        </Link>
      }
    >
      {settings.isPending ? (
        <div role="status" className="flex justify-center py-6">
          <Spinner className="size-6" />
          <span className="sr-only">{t('teams.loading')}</span>
        </div>
      ) : settings.isError ? (
        <Notice tone="error">{settings.error.message}</Notice>
      ) : (
        <SettingsForm teamId={teamId} settings={settings.data} />
      )}
    </Section>
  );
}

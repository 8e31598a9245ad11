import { CheckCircle2, PlugZap } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConnectionResult } from '@/components/ui/connection-result';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import type { SectionName } from '@/features/configuration/api/configuration';
import { SourceBadge } from '@/features/configuration/components/source-badge';
import type { SectionCardState } from '@/features/configuration/hooks/use-section-form';

/**
 * A section of the configuration: its card (anchored at `#name`), where its values come from,
 * its fields, "Test connection" with what it found, and its own Save, enabled once something
 * changed.
 */
export function SectionCard({ name, description, saved, state, children }: { name: SectionName; description: string; saved: boolean; state: SectionCardState; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const busy = state.saving || state.testing;
  return (
    <div id={name} data-testid={`config-${name}`} className="scroll-mt-32">
      <Section id={`config-${name}`} title={state.title} description={description} action={<SourceBadge saved={saved} />}>
        <form noValidate onSubmit={(e) => void state.onSave(e)} className="space-y-5">
          {state.formError ? <Notice tone="error">{state.formError}</Notice> : null}
          <div className="space-y-4">{children}</div>

          {state.integration ? (
            <div className="space-y-3">
              <Button variant="secondary" size="sm" onClick={(e) => void state.onTest(e)} disabled={busy}>
                {state.testing ? <Spinner className="size-4" /> : <PlugZap aria-hidden className="size-4" />}
                {state.testing ? t('configuration.actions.testing') : t('configuration.actions.test')}
              </Button>
              <div aria-live="polite">{state.testOutcome ? <ConnectionResult outcome={state.testOutcome} /> : null}</div>
            </div>
          ) : null}

          <div className="-mx-6 -mb-6 flex flex-wrap items-center justify-end gap-3 rounded-b-2xl border-t border-zinc-200 bg-zinc-50 px-6 py-3 dark:border-zinc-800 dark:bg-zinc-950/40">
            <p role="status" className="me-auto flex items-center gap-1.5 text-sm">
              {state.saved ? (
                <span className="flex items-center gap-1.5 font-medium text-emerald-700 dark:text-emerald-400">
                  <CheckCircle2 aria-hidden className="size-4" />
                  {t('configuration.actions.saved')}
                </span>
              ) : state.dirty ? (
                <span className="text-zinc-600 dark:text-zinc-400">{t('configuration.actions.unsaved')}</span>
              ) : null}
            </p>
            {state.dirty ? (
              <Button variant="ghost" size="sm" onClick={state.discard} disabled={state.saving}>
                {t('configuration.actions.discard')}
              </Button>
            ) : null}
            <Button type="submit" size="sm" disabled={!state.dirty || busy}>
              {state.saving ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
              {state.saving ? t('configuration.actions.saving') : t('configuration.actions.save')}
            </Button>
          </div>
        </form>
      </Section>
    </div>
  );
}

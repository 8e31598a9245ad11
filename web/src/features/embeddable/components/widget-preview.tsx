import { Eye, Link2 } from 'lucide-react';
import { useMemo } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import type { WidgetSettings } from '@/features/embeddable/api/widget';
import { dashboardOrigin, type WidgetValues } from '@/features/embeddable/utils/form';
import { previewConfig, previewDocument } from '@/features/embeddable/utils/preview';
import { currentLanguage, directionOf } from '@/lib/languages';
import { useDebounced } from '@/lib/use-debounced';

/**
 * The real widget on a stand-in page, with the form's look as typed (a moment after typing stops,
 * so the page is not reloaded on every key). Sending messages from it works when this dashboard's
 * origin is allowed and the widget on, as saved; a button adds that origin and saves.
 */
export function WidgetPreview({
  agentId,
  agentName,
  control,
  saved,
  onAllow,
  allowing,
}: {
  agentId: string;
  agentName: string;
  control: Control<WidgetValues>;
  saved: WidgetSettings;
  onAllow: () => void;
  allowing: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const [title, greeting, suggestedQuestions, color, position, icon, avatarUrl] = useWatch({
    control,
    name: ['title', 'greeting', 'suggestedQuestions', 'color', 'position', 'icon', 'avatarUrl'],
  });
  const config = JSON.stringify(previewConfig(agentId, { title, greeting, suggestedQuestions, color, position, icon, avatarUrl }, { title: agentName, greeting: t('embeddable.preview.agentGreeting') }));
  const settled = useDebounced(config, 400);
  const lang = currentLanguage(i18n.language);
  const origin = dashboardOrigin();
  const doc = useMemo(
    () => previewDocument({ origin, agentId, config: JSON.parse(settled) as ReturnType<typeof previewConfig>, lang, dir: directionOf(lang), label: t('embeddable.preview.frame') }),
    [origin, agentId, settled, lang, t],
  );
  const allowed = saved.allowedOrigins.includes(origin);
  const live = allowed && saved.enabled;

  return (
    <Section id="widget-preview" title={t('embeddable.preview.title')} description={t('embeddable.preview.description')}>
      <div className="space-y-3">
        {live ? (
          <Notice tone="success">{t('embeddable.preview.live')}</Notice>
        ) : (
          <Notice
            tone="info"
            action={
              allowed ? null : (
                <Button size="sm" variant="secondary" onClick={onAllow} disabled={allowing}>
                  {allowing ? <Spinner className="size-4" /> : <Link2 aria-hidden className="size-4" />}
                  {t('embeddable.preview.allow')}
                </Button>
              )
            }
          >
            {allowed ? t('embeddable.preview.off') : t('embeddable.preview.notLive', { origin })}
          </Notice>
        )}
        <iframe
          title={t('embeddable.preview.frame')}
          srcDoc={doc}
          data-testid="widget-preview"
          className="block h-[36rem] w-full rounded-xl border border-zinc-200 bg-zinc-100 dark:border-zinc-800"
        />
        <p className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
          <Eye aria-hidden className="size-3.5 shrink-0" />
          {t('embeddable.preview.note')}
        </p>
      </div>
    </Section>
  );
}

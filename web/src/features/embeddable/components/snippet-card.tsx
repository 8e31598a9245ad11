import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button';
import { Section } from '@/components/ui/section';
import type { Widget } from '@/features/embeddable/api/widget';

/** The tag a site pastes into its pages, as the server writes it (its public URL, the agent's id), with a copy button. */
export function SnippetCard({ widget }: { widget: Widget }) {
  const { t } = useTranslation('dashboard');
  return (
    <Section
      id="widget-snippet"
      title={t('embeddable.snippet.title')}
      description={t('embeddable.snippet.description')}
      action={<CopyButton text={widget.snippet} label={t('embeddable.snippet.copy')} copied={t('embeddable.snippet.copied')} failed={t('embeddable.snippet.copyFailed')} />}
    >
      <pre dir="ltr" data-testid="widget-snippet" className="overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-zinc-950 p-3 text-start font-mono text-xs leading-relaxed text-zinc-100">
        <code>{widget.snippet}</code>
      </pre>
    </Section>
  );
}

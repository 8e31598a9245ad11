import { Sparkles, Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { useSuggestMcpServer, type McpProposal } from '@/features/mcp/api/mcp-servers';
import { TransportTag } from '@/features/mcp/components/status-badge';
import { endpointOf } from '@/features/mcp/utils/format';
import { errorMessage, useMcpMessage } from '@/features/mcp/utils/messages';

/** What a proposal says to fill in or check before saving (the server's words). */
export function ProposalNotes({ notes }: { notes: string[] }) {
  const { t } = useTranslation('dashboard');
  if (notes.length === 0) return null;
  return (
    <div className="text-xs">
      <p className="font-medium text-zinc-700 dark:text-zinc-300">{t('mcp.suggest.notes')}</p>
      <ul className="mt-1 list-disc space-y-0.5 ps-4 text-zinc-600 dark:text-zinc-400">
        {notes.map((note) => (
          <li key={note} dir="auto">
            {note}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Suggest from a description": proposals (written by the language model, or matched in the
 * catalogue of well-known servers), each of which fills the form. Nothing is saved until the form is.
 */
export function SuggestBox({ onPick }: { onPick: (proposal: McpProposal) => void }) {
  const { t } = useTranslation('dashboard');
  const msg = useMcpMessage();
  const headingId = useId();
  const suggest = useSuggestMcpServer();
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState(false);

  const ask = () => {
    if (!description.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    suggest.mutate(description.trim());
  };

  const result = suggest.data;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-accent-200 bg-accent-50/40 p-6 dark:border-accent-500/30 dark:bg-accent-500/5">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <Sparkles aria-hidden className="size-4 text-accent-600 dark:text-accent-400" />
        {t('mcp.suggest.title')}
      </h2>
      <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{t('mcp.suggest.description')}</p>
      <div className="mt-4 space-y-3">
        <TextareaField
          label={t('mcp.suggest.label')}
          placeholder={t('mcp.suggest.placeholder')}
          rows={2}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={missing ? t('mcp.validation.required') : undefined}
        />
        <Button variant="secondary" onClick={ask} disabled={suggest.isPending}>
          {suggest.isPending ? <Spinner className="size-4" /> : <Wand2 aria-hidden className="size-4" />}
          {t('mcp.suggest.button')}
        </Button>
        {suggest.isError ? <Notice tone="error">{msg(errorMessage(suggest.error))}</Notice> : null}
        {result ? (
          <div className="space-y-3" aria-live="polite">
            {!result.modelConnected ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('mcp.suggest.catalogOnly')}</p> : null}
            {result.proposals.length === 0 ? (
              <Notice tone="info">{t('mcp.suggest.none')}</Notice>
            ) : (
              <ul className="grid gap-3 md:grid-cols-2" aria-label={t('mcp.suggest.proposals')}>
                {result.proposals.map((p, i) => (
                  <li key={`${p.server.name}-${i}`} className="flex flex-col gap-2 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 dir="auto" className="text-sm font-semibold">
                        {p.server.name}
                      </h3>
                      <TransportTag transport={p.server.transport} />
                      <span className="text-xs text-zinc-500 dark:text-zinc-400">{p.source === 'model' ? t('mcp.suggest.fromModel') : t('mcp.suggest.fromCatalog')}</span>
                    </div>
                    {p.server.description ? (
                      <p dir="auto" className="text-sm text-zinc-600 dark:text-zinc-400">
                        {p.server.description}
                      </p>
                    ) : null}
                    <code dir="ltr" className="block break-all rounded-md bg-zinc-100 px-2 py-1 text-start font-mono text-xs dark:bg-zinc-800">
                      {endpointOf({ transport: p.server.transport, command: p.server.command ?? null, args: p.server.args ?? [], url: p.server.url ?? null })}
                    </code>
                    <ProposalNotes notes={p.notes} />
                    <div className="mt-auto pt-1">
                      <Button size="sm" onClick={() => onPick(p)} aria-label={t('mcp.suggest.useLabel', { name: p.server.name })}>
                        {t('mcp.suggest.use')}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}

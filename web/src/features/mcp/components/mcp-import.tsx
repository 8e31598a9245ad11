import { ArrowLeft, FileUp, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { useImportMcpServers, type McpImportEntry, type McpImportResult } from '@/features/mcp/api/mcp-servers';
import { TransportTag } from '@/features/mcp/components/status-badge';
import { MAX_IMPORT_BYTES, previewImport, type EntryProblem, type PreviewEntry, type PreviewError } from '@/features/mcp/utils/import-preview';
import { errorMessage, useMcpMessage } from '@/features/mcp/utils/messages';
import type { ImportOutcome } from '@/lib/api-enums';
import type { KeyOf } from '@/types/i18n-keys';

const PREVIEW_ERRORS: Record<PreviewError, KeyOf<'dashboard'>> = {
  invalidJson: 'mcp.import.errors.invalidJson',
  notObject: 'mcp.import.errors.notObject',
  noServers: 'mcp.import.errors.noServers',
  serversNotObject: 'mcp.import.errors.serversNotObject',
  tooMany: 'mcp.import.errors.tooMany',
  tooLarge: 'mcp.import.errors.tooLarge',
};

const PROBLEMS: Record<EntryProblem, KeyOf<'dashboard'>> = {
  sse: 'mcp.import.problems.sse',
  both: 'mcp.import.problems.both',
  neither: 'mcp.import.problems.neither',
  unknownType: 'mcp.import.problems.unknownType',
  notObject: 'mcp.import.problems.notObject',
};

/** Every outcome of the API document, with its words and colours. */
const OUTCOMES: Record<ImportOutcome, { label: KeyOf<'dashboard'>; className: string }> = {
  created: { label: 'mcp.import.outcomes.created', className: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30' },
  skipped: { label: 'mcp.import.outcomes.skipped', className: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30' },
  refused: { label: 'mcp.import.outcomes.refused', className: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/30' },
};

const EXAMPLE = `{
  "mcpServers": {
    "everything": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-everything"]
    },
    "remote": {
      "type": "http",
      "url": "https://mcp.example.com/mcp",
      "headers": { "Authorization": "Bearer …" }
    }
  }
}`;

function Results({ result }: { result: McpImportResult }) {
  const { t, i18n } = useTranslation('dashboard');
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const columns: Column<McpImportEntry>[] = [
    { id: 'name', header: t('mcp.import.columns.name'), cell: (r) => <span dir="auto" className="font-medium">{r.name || t('mcp.import.unnamed')}</span> },
    {
      id: 'outcome',
      header: t('mcp.import.columns.outcome'),
      cell: (r) => (
        <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', OUTCOMES[r.outcome].className)}>{t(OUTCOMES[r.outcome].label)}</span>
      ),
    },
    {
      id: 'reason',
      header: t('mcp.import.columns.reason'),
      cell: (r) =>
        r.outcome === 'created' && r.server ? (
          <Link to={`/dashboard/mcp/edit/${r.server.id}`} className="text-accent-700 hover:underline dark:text-accent-300">
            {t('mcp.import.openServer', { name: r.server.name })}
          </Link>
        ) : (
          <span dir="auto" className="text-zinc-600 dark:text-zinc-400">
            {r.reason ?? '—'}
          </span>
        ),
    },
  ];
  return (
    <section aria-labelledby="mcp-import-results" className="space-y-3">
      <h2 id="mcp-import-results" className="text-base font-semibold">
        {t('mcp.import.resultsTitle')}
      </h2>
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
        {t('mcp.import.summary', { created: n(result.created), skipped: n(result.skipped), refused: n(result.refused) })}
      </p>
      <DataTable caption={t('mcp.import.resultsCaption')} columns={columns} rows={result.results} rowKey={(r) => `${r.name}-${r.outcome}`} rowProps={() => ({ 'data-testid': 'import-result' })} />
      <ButtonLink to="/dashboard/mcp" variant="secondary">
        {t('mcp.backToList')}
      </ButtonLink>
    </section>
  );
}

/**
 * /dashboard/mcp/import: a desktop client's configuration, pasted or read from a file in the
 * browser, previewed entry by entry, then sent; each entry comes back created, skipped or
 * refused, with why.
 */
export function McpImport() {
  const { t } = useTranslation('dashboard');
  const msg = useMcpMessage();
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const importServers = useImportMcpServers();
  const preview = source.trim() ? previewImport(source) : null;
  const importable = preview?.ok ? preview.entries.filter((e) => e.problem === null).length : 0;

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setFileError(null);
    if (file.size > MAX_IMPORT_BYTES) {
      setFileError(t('mcp.import.errors.tooLarge'));
      return;
    }
    setSource(await file.text());
    importServers.reset();
  };

  const columns: Column<PreviewEntry>[] = [
    { id: 'name', header: t('mcp.import.columns.name'), cell: (r) => <span dir="auto" className="font-medium">{r.name || t('mcp.import.unnamed')}</span> },
    { id: 'transport', header: t('mcp.import.columns.transport'), cell: (r) => (r.transport ? <TransportTag transport={r.transport} /> : '—') },
    {
      id: 'endpoint',
      header: t('mcp.import.columns.endpoint'),
      cell: (r) => (
        <code dir="ltr" className="break-all font-mono text-xs">
          {r.endpoint || '—'}
        </code>
      ),
    },
    {
      id: 'check',
      header: t('mcp.import.columns.check'),
      cell: (r) =>
        r.problem ? <span className="text-red-600 dark:text-red-400">{t(PROBLEMS[r.problem])}</span> : <span className="text-zinc-600 dark:text-zinc-400">{t('mcp.import.ready')}</span>,
    },
  ];

  return (
    <div className="w-full max-w-5xl space-y-6">
      <div>
        <Link to="/dashboard/mcp" className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
          <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
          {t('mcp.backToList')}
        </Link>
        <h1 className="mt-3 text-2xl font-semibold tracking-tight">{t('pages.mcpImport.title')}</h1>
        <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('pages.mcpImport.description')}</p>
      </div>

      <Section
        id="mcp-import-source"
        title={t('mcp.import.sourceTitle')}
        description={t('mcp.import.sourceHint')}
        action={
          <>
            <input ref={fileInput} type="file" accept="application/json,.json" className="sr-only" tabIndex={-1} aria-label={t('mcp.import.fileLabel')} onChange={(e) => void onFile(e)} />
            <Button variant="secondary" onClick={() => fileInput.current?.click()}>
              <FileUp aria-hidden className="size-4" />
              {t('mcp.import.upload')}
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          {fileError ? <Notice tone="error">{fileError}</Notice> : null}
          <TextareaField
            label={t('mcp.import.textLabel')}
            rows={12}
            spellCheck={false}
            placeholder={EXAMPLE}
            value={source}
            onChange={(e) => {
              setSource(e.target.value);
              if (importServers.data) importServers.reset();
            }}
            className="[&_textarea]:font-mono [&_textarea]:text-xs"
            dir="ltr"
            error={preview && !preview.ok ? t(PREVIEW_ERRORS[preview.error]) : undefined}
          />
        </div>
      </Section>

      {preview?.ok && !importServers.data ? (
        <section aria-labelledby="mcp-import-preview" className="space-y-3">
          <h2 id="mcp-import-preview" className="text-base font-semibold">
            {t('mcp.import.previewTitle', { count: preview.entries.length })}
          </h2>
          <DataTable
            caption={t('mcp.import.previewCaption')}
            columns={columns}
            rows={preview.entries}
            rowKey={(r) => r.name}
            rowProps={() => ({ 'data-testid': 'import-preview' })}
            empty={t('mcp.import.previewEmpty')}
          />
          {importServers.isError ? <Notice tone="error">{msg(errorMessage(importServers.error))}</Notice> : null}
          <Button onClick={() => importServers.mutate(preview.doc)} disabled={importable === 0 || importServers.isPending}>
            {importServers.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Upload aria-hidden className="size-4" />}
            {t('mcp.import.submit', { count: importable })}
          </Button>
        </section>
      ) : null}

      {importServers.data ? <Results result={importServers.data} /> : null}
    </div>
  );
}

import { FileText, Trash2, Upload } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { sortRows, type SortDescriptor } from '@/components/ui/data-table-utils';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { FeatureOffNotice } from '@/components/system/feature-off-notice';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { DOCUMENT_ACCEPT, DOCUMENT_TYPES, useDeleteDocument, useDocuments, useUploadDocument, type AgentDocument } from '@/features/agents/api/documents';
import { errorMessage, useAgentMessage } from '@/features/agents/utils/messages';
import { formatBytes } from '@/features/agents/utils/format-bytes';
import { useFeature } from '@/lib/system';
import { toast } from '@/lib/toast';

/** The file's extension in capitals ("PDF"), else its media type. */
const kind = (d: AgentDocument) => {
  const dot = d.name.lastIndexOf('.');
  return dot > 0 ? d.name.slice(dot + 1).toUpperCase() : d.contentType;
};

const sortValue = (d: AgentDocument, column: string) => (column === 'size' ? d.size : column === 'passages' ? d.passageCount : column === 'type' ? kind(d) : d.name);

/**
 * The agent's knowledge base: its documents, upload and removal (not for those who may only read
 * the agent). Uploading is offered only while the administrator allows file uploads (the
 * `fileUpload` flag); the documents already there stay listed and removable either way.
 */
export function DocumentsPanel({ agentId, readOnly = false }: { agentId: string; readOnly?: boolean }) {
  const { t, i18n } = useTranslation('agents');
  const msg = useAgentMessage();
  const fileUpload = useFeature('fileUpload');
  const documents = useDocuments(agentId);
  const upload = useUploadDocument(agentId);
  const remove = useDeleteDocument(agentId);
  const [sort, setSort] = useState<SortDescriptor | undefined>();
  const confirmDelete = useConfirmAction<AgentDocument>({
    act: (d) => remove.mutateAsync(d.id),
    title: (d) => t('documents.confirmTitle', { name: d.name }),
    body: () => t('documents.confirmBody'),
    confirmLabel: t('documents.delete'),
    success: (_r, d) => t('documents.deleted', { name: d.name }),
    error: (e) => ({ title: t('documents.deleteFailed'), description: msg(errorMessage(e)) }),
  });

  const columns: Column<AgentDocument>[] = [
    {
      id: 'name',
      header: t('documents.columns.name'),
      sortable: true,
      cellClassName: 'max-w-64',
      cell: (d) => (
        <span dir="auto" className="block truncate font-medium" title={d.name}>
          {d.name}
        </span>
      ),
    },
    { id: 'type', header: t('documents.columns.type'), sortable: true, cellClassName: 'text-zinc-600 dark:text-zinc-400', cell: kind },
    {
      id: 'size',
      header: t('documents.columns.size'),
      sortable: true,
      align: 'end',
      cellClassName: 'whitespace-nowrap tabular-nums text-zinc-600 dark:text-zinc-400',
      cell: (d) => formatBytes(d.size, i18n.language),
    },
    {
      id: 'status',
      header: t('documents.columns.status'),
      cell: (d) => (
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
          {t(`documents.statuses.${d.status}`, { defaultValue: d.status })}
        </span>
      ),
    },
    { id: 'passages', header: t('documents.columns.passages'), sortable: true, align: 'end', cellClassName: 'tabular-nums', cell: (d) => new Intl.NumberFormat(i18n.language).format(d.passageCount) },
    ...(readOnly
      ? []
      : [
          {
            id: 'actions',
            header: t('documents.columns.actions'),
            hideHeader: true,
            align: 'end' as const,
            cell: (d: AgentDocument) => (
              <Button
                size="sm"
                variant="ghost"
                className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
                aria-label={t('documents.deleteLabel', { name: d.name })}
                onClick={() => confirmDelete.ask(d)}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            ),
          },
        ]),
  ];

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so choosing the same file again (after fixing it) uploads it again.
    e.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (doc) => toast({ title: t('documents.uploaded', { name: doc.name, count: doc.passageCount }), status: 'success' }),
    });
  };

  return (
    <section aria-labelledby="documents-title" className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="documents-title" className="text-base font-semibold">
            {t('documents.title')}
          </h2>
          <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{t('documents.hint', { types: DOCUMENT_TYPES.join(' ') })}</p>
        </div>
        {readOnly || fileUpload !== true ? null : (
          <label
            className={cn(
              'inline-flex h-8 cursor-pointer items-center gap-2 rounded-lg border border-zinc-200 bg-white px-3 text-sm font-medium shadow-sm hover:bg-zinc-50 focus-within:ring-2 focus-within:ring-accent-500/40 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:bg-zinc-800',
              upload.isPending && 'pointer-events-none opacity-50',
            )}
          >
            {upload.isPending ? <Spinner className="size-4" /> : <Upload aria-hidden className="size-4" />}
            {upload.isPending ? t('documents.uploading') : t('documents.upload')}
            <input type="file" data-testid="document-upload" accept={DOCUMENT_ACCEPT} className="sr-only" disabled={upload.isPending} onChange={onFile} />
          </label>
        )}
      </div>

      {!readOnly && fileUpload === false ? (
        <FeatureOffNotice className="mt-4" linkLabel={t('documents.turnUploadsOn')}>
          {t('documents.uploadsOff')}
        </FeatureOffNotice>
      ) : null}

      {upload.isError ? (
        <Notice tone="error" className="mt-4">
          {msg(errorMessage(upload.error))}
        </Notice>
      ) : null}

      <DataTable
        variant="plain"
        className="mt-4"
        caption={t('documents.caption')}
        columns={columns}
        rows={sortRows(documents.data ?? [], sort, sortValue, i18n.language)}
        rowKey={(d) => d.id}
        rowProps={() => ({ 'data-testid': 'document-row' })}
        loading={documents.isPending}
        error={documents.isError ? msg(errorMessage(documents.error)) : null}
        empty={<EmptyState size="sm" bordered icon={FileText} title={t('documents.empty')} description={t('documents.emptyHint')} />}
        sort={sort}
        onSortChange={setSort}
      />
      {confirmDelete.dialog}
    </section>
  );
}

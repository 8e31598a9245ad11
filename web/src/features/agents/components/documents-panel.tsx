import { FileText, Trash2, Upload } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { DOCUMENT_ACCEPT, DOCUMENT_TYPES, useDeleteDocument, useDocuments, useUploadDocument, type AgentDocument } from '@/features/agents/api/documents';
import { errorMessage, useAgentMessage } from '@/features/agents/utils/messages';
import { formatBytes } from '@/features/agents/utils/format-bytes';
import { toast } from '@/lib/toast';

/** The file's extension in capitals ("PDF"), else its media type. */
const kind = (d: AgentDocument) => {
  const dot = d.name.lastIndexOf('.');
  return dot > 0 ? d.name.slice(dot + 1).toUpperCase() : d.contentType;
};

/** The agent's knowledge base: its documents, upload and removal (not for those who may only read the agent). */
export function DocumentsPanel({ agentId, readOnly = false }: { agentId: string; readOnly?: boolean }) {
  const { t, i18n } = useTranslation('agents');
  const msg = useAgentMessage();
  const documents = useDocuments(agentId);
  const upload = useUploadDocument(agentId);
  const remove = useDeleteDocument(agentId);
  const [confirm, setConfirm] = useState<AgentDocument | null>(null);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so choosing the same file again (after fixing it) uploads it again.
    e.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (doc) => toast({ title: t('documents.uploaded', { name: doc.name, passages: doc.passageCount }), status: 'success' }),
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
        {readOnly ? null : (
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

      {upload.isError ? (
        <Notice tone="error" className="mt-4">
          {msg(errorMessage(upload.error))}
        </Notice>
      ) : null}

      <div className="mt-4">
        {documents.isPending ? (
          <Spinner />
        ) : documents.isError ? (
          <Notice tone="error">{msg(errorMessage(documents.error))}</Notice>
        ) : documents.data.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-zinc-300 py-6 text-center dark:border-zinc-700">
            <FileText aria-hidden className="size-7 text-zinc-300 dark:text-zinc-600" />
            <p className="mt-2 text-sm font-medium">{t('documents.empty')}</p>
            <p className="mt-1 max-w-sm text-xs text-zinc-500 dark:text-zinc-400">{t('documents.emptyHint')}</p>
          </div>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-start text-xs text-zinc-500 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="py-2 pe-3 text-start font-medium">{t('documents.columns.name')}</th>
                  <th scope="col" className="py-2 pe-3 text-start font-medium">{t('documents.columns.type')}</th>
                  <th scope="col" className="py-2 pe-3 text-end font-medium">{t('documents.columns.size')}</th>
                  <th scope="col" className="py-2 pe-3 text-start font-medium">{t('documents.columns.status')}</th>
                  <th scope="col" className="py-2 pe-3 text-end font-medium">{t('documents.columns.passages')}</th>
                  {readOnly ? null : (
                    <th scope="col" className="py-2">
                      <span className="sr-only">{t('documents.columns.actions')}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {documents.data.map((d) => (
                  <tr key={d.id} data-testid="document-row">
                    <td className="max-w-64 py-2 pe-3">
                      <span dir="auto" className="block truncate font-medium" title={d.name}>
                        {d.name}
                      </span>
                    </td>
                    <td className="py-2 pe-3 text-zinc-600 dark:text-zinc-400">{kind(d)}</td>
                    <td className="py-2 pe-3 text-end whitespace-nowrap tabular-nums text-zinc-600 dark:text-zinc-400">{formatBytes(d.size, i18n.language)}</td>
                    <td className="py-2 pe-3">
                      <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
                        {t(`documents.statuses.${d.status}`, { defaultValue: d.status })}
                      </span>
                    </td>
                    <td className="py-2 pe-3 text-end tabular-nums">{d.passageCount}</td>
                    {readOnly ? null : (
                      <td className="py-2 text-end">
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
                          aria-label={t('documents.deleteLabel', { name: d.name })}
                          onClick={() => setConfirm(d)}
                        >
                          <Trash2 aria-hidden className="size-4" />
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {confirm ? (
        <ConfirmDialog
          title={t('documents.confirmTitle', { name: confirm.name })}
          body={t('documents.confirmBody')}
          confirmLabel={t('documents.delete')}
          cancelLabel={t('actions.cancel')}
          pending={remove.isPending}
          onCancel={() => setConfirm(null)}
          onConfirm={() =>
            remove.mutate(confirm.id, {
              onSuccess: () => {
                toast({ title: t('documents.deleted', { name: confirm.name }), status: 'success' });
                setConfirm(null);
              },
              onError: (e) => {
                toast({ title: t('documents.deleteFailed'), description: msg(errorMessage(e)), status: 'error' });
                setConfirm(null);
              },
            })
          }
        />
      ) : null}
    </section>
  );
}

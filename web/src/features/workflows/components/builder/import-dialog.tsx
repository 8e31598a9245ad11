import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { readWorkflowDocument } from '@/features/workflows/components/builder/import-document';
import type { WorkflowDocument } from '@/features/workflows/components/builder/schemas';
import { useBuilderMessage } from '@/features/workflows/components/builder/use-builder-message';

/** The largest file read (a graph of 200 nodes is far smaller). */
const FILE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Import: a file exported from a builder (`{name, trigger, graph}`), or its JSON pasted, checked
 * before it replaces the graph and trigger (an undoable step).
 */
export function ImportDialog({ onImport, onClose }: { onImport: (doc: WorkflowDocument) => void; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const msg = useBuilderMessage();
  const fileId = useId();
  const textId = useId();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const say = {
    notJson: (why: string) => t('workflowBuilder.import.notJson', { why }),
    issue: (issue: z.core.$ZodIssue) => {
      const path = issue.path.length ? issue.path.join('.') : t('workflowBuilder.import.document');
      const own = msg(issue.message);
      const what = issue.code === 'custom' && own ? own : t(`workflowBuilder.import.issues.${issue.code === 'invalid_type' || issue.code === 'unrecognized_keys' || issue.code === 'invalid_value' ? issue.code : 'other'}`);
      return t('workflowBuilder.import.issue', { path, what });
    },
  };
  const load = (content: string) => {
    const read = readWorkflowDocument(content, say);
    if (!read.ok) {
      setProblems(read.problems);
      return;
    }
    onImport(read.document);
  };
  return (
    <Dialog title={t('workflowBuilder.import.title')} description={t('workflowBuilder.import.description')} closeLabel={t('workflowBuilder.import.close')} onClose={onClose} className="max-w-xl">
      <div className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={fileId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('workflowBuilder.import.file')}
          </label>
          <input
            id={fileId}
            type="file"
            accept="application/json,.json"
            className="block w-full text-sm file:me-3 file:rounded-md file:border-0 file:bg-zinc-100 file:px-3 file:py-1.5 file:text-sm file:font-medium dark:file:bg-zinc-800 dark:file:text-zinc-100"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              if (file.size > FILE_MAX_BYTES) {
                setProblems([t('workflowBuilder.import.tooLarge')]);
                return;
              }
              void file.text().then((content) => {
                setText(content);
                load(content);
              });
            }}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={textId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('workflowBuilder.import.paste')}
          </label>
          <textarea
            id={textId}
            rows={8}
            dir="ltr"
            spellCheck={false}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setProblems([]);
            }}
            placeholder='{"name": "…", "trigger": {"type": "manual"}, "graph": {"nodes": […], "edges": […]}}'
            className="block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 font-mono text-xs shadow-sm outline-none focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:border-zinc-700 dark:bg-zinc-900"
          />
        </div>
        {problems.length ? (
          <Notice tone="error">
            <p className="font-medium">{t('workflowBuilder.import.invalid')}</p>
            <ul className="mt-1 list-disc space-y-0.5 ps-5">
              {problems.map((p) => (
                <li key={p} className="break-words">
                  {p}
                </li>
              ))}
            </ul>
          </Notice>
        ) : null}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('workflowBuilder.import.replaces')}</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('workflowBuilder.import.cancel')}
          </Button>
          <Button onClick={() => load(text)} disabled={!text.trim()}>
            {t('workflowBuilder.import.load')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

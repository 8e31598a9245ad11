import { useId, useState } from 'react';
import type { Read } from '@/components/graph-builder/read-document';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';

/** The largest file read (a graph of 200 nodes is far smaller). */
const FILE_MAX_BYTES = 2 * 1024 * 1024;

export type ImportLabels = {
  title: string;
  description: string;
  close: string;
  file: string;
  paste: string;
  tooLarge: string;
  invalid: string;
  replaces: string;
  cancel: string;
  load: string;
};

/**
 * Import: a file exported from a builder, or its JSON pasted, checked (`read`) before it replaces
 * the graph (an undoable step).
 */
export function ImportDialog<D>({ labels, placeholder, read, onImport, onClose }: { labels: ImportLabels; placeholder: string; read: (text: string) => Read<D>; onImport: (doc: D) => void; onClose: () => void }) {
  const fileId = useId();
  const textId = useId();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const load = (content: string) => {
    const result = read(content);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    onImport(result.document);
  };
  return (
    <Dialog title={labels.title} description={labels.description} closeLabel={labels.close} onClose={onClose} className="max-w-xl">
      <div className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={fileId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {labels.file}
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
                setProblems([labels.tooLarge]);
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
            {labels.paste}
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
            placeholder={placeholder}
            className="block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 font-mono text-xs shadow-sm outline-none focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:border-zinc-700 dark:bg-zinc-900"
          />
        </div>
        {problems.length ? (
          <Notice tone="error">
            <p className="font-medium">{labels.invalid}</p>
            <ul className="mt-1 list-disc space-y-0.5 ps-5">
              {problems.map((p) => (
                <li key={p} className="break-words">
                  {p}
                </li>
              ))}
            </ul>
          </Notice>
        ) : null}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{labels.replaces}</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {labels.cancel}
          </Button>
          <Button onClick={() => load(text)} disabled={!text.trim()}>
            {labels.load}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

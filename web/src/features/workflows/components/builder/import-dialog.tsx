import { useTranslation } from 'react-i18next';
import { ImportDialog as GraphImportDialog } from '@/components/graph-builder/import-dialog';
import { issueKind } from '@/components/graph-builder/read-document';
import { readWorkflowDocument } from '@/features/workflows/components/builder/import-document';
import type { WorkflowDocument } from '@/features/workflows/components/builder/schemas';
import { useBuilderMessage } from '@/features/workflows/components/builder/use-builder-message';

/**
 * Import: a file exported from a builder (`{name, trigger, graph}`), or its JSON pasted, checked
 * before it replaces the graph and trigger (an undoable step).
 */
export function ImportDialog({ onImport, onClose }: { onImport: (doc: WorkflowDocument) => void; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const msg = useBuilderMessage();
  const read = (text: string) =>
    readWorkflowDocument(text, {
      notJson: (why) => t('workflowBuilder.import.notJson', { why }),
      issue: (issue) => {
        const path = issue.path.length ? issue.path.join('.') : t('workflowBuilder.import.document');
        const own = msg(issue.message);
        const what = issue.code === 'custom' && own ? own : t(`workflowBuilder.import.issues.${issueKind(issue)}`);
        return t('workflowBuilder.import.issue', { path, what });
      },
    });
  return (
    <GraphImportDialog
      labels={{
        title: t('workflowBuilder.import.title'),
        description: t('workflowBuilder.import.description'),
        close: t('workflowBuilder.import.close'),
        file: t('workflowBuilder.import.file'),
        paste: t('workflowBuilder.import.paste'),
        tooLarge: t('workflowBuilder.import.tooLarge'),
        invalid: t('workflowBuilder.import.invalid'),
        replaces: t('workflowBuilder.import.replaces'),
        cancel: t('workflowBuilder.import.cancel'),
        load: t('workflowBuilder.import.load'),
      }}
      placeholder='{"name": "…", "trigger": {"type": "manual"}, "graph": {"nodes": […], "edges": […]}}'
      read={read}
      onImport={onImport}
      onClose={onClose}
    />
  );
}

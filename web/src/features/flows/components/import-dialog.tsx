import { useTranslation } from 'react-i18next';
import { ImportDialog } from '@/components/graph-builder/import-dialog';
import { issueKind, readDocument } from '@/components/graph-builder/read-document';
import type { FlowGraph } from '@/features/flows/api/flows';
import { importSchema } from '@/features/flows/utils/schemas';

/** Import: a file exported from the flow builder (`{flow}`), or a flow's JSON, checked before it replaces the canvas (an undoable step). */
export function FlowImportDialog({ onImport, onClose }: { onImport: (flow: FlowGraph) => void; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const read = (text: string) =>
    readDocument(text, importSchema, {
      notJson: (why) => t('flowBuilder.import.notJson', { why }),
      issue: (issue) => t('flowBuilder.import.issue', { path: issue.path.length ? issue.path.join('.') : t('flowBuilder.import.document'), what: t(`flowBuilder.import.issues.${issueKind(issue)}`) }),
    });
  return (
    <ImportDialog
      labels={{
        title: t('flowBuilder.import.title'),
        description: t('flowBuilder.import.description'),
        close: t('flowBuilder.import.close'),
        file: t('flowBuilder.import.file'),
        paste: t('flowBuilder.import.paste'),
        tooLarge: t('flowBuilder.import.tooLarge'),
        invalid: t('flowBuilder.import.invalid'),
        replaces: t('flowBuilder.import.replaces'),
        cancel: t('flowBuilder.import.cancel'),
        load: t('flowBuilder.import.load'),
      }}
      placeholder='{"flow": {"nodes": […], "edges": […]}}'
      read={read}
      onImport={onImport}
      onClose={onClose}
    />
  );
}

import { readDocument, type DocumentSay, type Read } from '@/components/graph-builder/read-document';
import { documentSchema, type WorkflowDocument } from '@/features/workflows/components/builder/schemas';

/** Reads an exported workflow: JSON, then its shape (zod), before anything is loaded. */
export const readWorkflowDocument = (text: string, say: DocumentSay): Read<WorkflowDocument> => readDocument(text, documentSchema, say);

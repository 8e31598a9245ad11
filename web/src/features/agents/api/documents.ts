import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type AgentDocument = components['schemas']['DocumentOut'];

/** What the knowledge base reads (docs/chat.md); the server refuses the rest with 422. */
export const DOCUMENT_TYPES = ['.txt', '.md', '.html', '.pdf', '.docx', '.csv', '.json'] as const;
export const DOCUMENT_ACCEPT = DOCUMENT_TYPES.join(',');

export const documentKeys = {
  list: (agentId: string) => ['agents', 'detail', agentId, 'documents'] as const,
};

export const useDocuments = (agentId: string) =>
  useQuery({ queryKey: documentKeys.list(agentId), queryFn: () => api.get('/agents/{id}/documents', { params: { path: { id: agentId } } }), refetchOnMount: 'always' });

export function useUploadDocument(agentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.upload('/upload/document', { body: { file, agentId } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: documentKeys.list(agentId) }),
  });
}

export function useDeleteDocument(agentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => api.delete('/agents/{id}/documents/{documentId}', { params: { path: { id: agentId, documentId } } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: documentKeys.list(agentId) }),
  });
}

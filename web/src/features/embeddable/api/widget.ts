import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// An agent's embeddable widget (docs/widget.md): its settings, the tag to paste, and whether the
// agent can answer on it. A save replaces the whole settings document and answers the widget as
// saved, which replaces the cached one.

type S = components['schemas'];
export type Widget = S['WidgetOut'];
export type WidgetSettings = S['WidgetSettingsIo'];
export type WidgetPosition = S['WidgetPosition'];
export type WidgetIcon = S['WidgetIcon'];

export const widgetKeys = {
  all: ['widget'] as const,
  agent: (agentId: string) => ['widget', agentId] as const,
};

/** GET /agents/{id}/widget. */
export const widgetQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: widgetKeys.agent(agentId),
    queryFn: ({ signal }) => api.get('/agents/{id}/widget', { params: { path: { id: agentId } }, signal }),
  });
export const useWidget = (agentId: string | null) => useQuery({ ...widgetQueryOptions(agentId ?? ''), enabled: !!agentId });

/** PUT /agents/{id}/widget: the whole settings document. */
export function useSaveWidget(agentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: WidgetSettings) => api.put('/agents/{id}/widget', { params: { path: { id: agentId } }, body: settings }),
    onSuccess: (saved) => qc.setQueryData(widgetQueryOptions(agentId).queryKey, saved),
  });
}

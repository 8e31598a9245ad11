import type { components } from '@/lib/api-types';

type S = components['schemas'];

/** Shapes of docs/chat.md ("Dashboard"), from the committed OpenAPI document. */
export type DashboardOut = S['DashboardOut'];
export type DashboardOverview = S['DashboardOverview'];
export type DashboardActivity = S['DashboardActivity'];
export type ActivityBucket = S['ActivityBucket'];
export type SystemStatusOut = S['SystemStatusOut'];
export type RecentConversation = S['ConversationOut'];

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// The admin overview (/admin): the installation at a glance (accounts, today's conversations, the
// job queue, each part's health, what is left to set up, the latest audit entries), the mail
// outbox and the contact form's messages a page at a time, and the two repairs made from there: a
// job that failed for good tried again, a kept or failed email sent again. Either repair reads the
// overview, the outbox and the messages again.

type S = components['schemas'];
export type AdminOverview = S['AdminOverviewOut'];
export type ComponentHealth = S['ComponentHealthOut'];
export type HealthStatus = S['HealthStatus'];
export type HealthComponent = S['Component'];
export type SetupStep = S['SetupStepOut'];
export type JobsOverview = S['JobsOverview'];
export type DeadJob = S['DeadJobOut'];
export type Mail = S['MailOut'];
export type MailStatus = S['MailStatus'];
export type MailTemplate = S['MailTemplate'];
export type ContactMessage = S['ContactMessageOut'];

/** The outbox's page size (the API's default). */
export const OUTBOX_PAGE_SIZE = 10;
/** The contact messages' page size: a message takes more room than an email's row. */
export const CONTACT_PAGE_SIZE = 5;

export const adminOverviewKeys = {
  overview: ['admin', 'overview'] as const,
  outbox: ['admin', 'mail-outbox'] as const,
  outboxPage: (page: number) => ['admin', 'mail-outbox', page] as const,
  contact: ['admin', 'contact-messages'] as const,
  contactPage: (page: number) => ['admin', 'contact-messages', page] as const,
};

/** GET /admin/overview: read on each visit, and again every half minute while on screen. */
export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: adminOverviewKeys.overview,
    queryFn: () => api.get('/admin/overview'),
    refetchOnMount: 'always',
    refetchInterval: 30_000,
  });
export const useAdminOverview = () => useQuery(adminOverviewQueryOptions());

/** GET /admin/mail-outbox: a page of emails, newest first. */
export const mailOutboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminOverviewKeys.outboxPage(page),
    queryFn: () => api.list('/admin/mail-outbox', { params: { query: { page, limit: OUTBOX_PAGE_SIZE } } }),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
export const useMailOutboxPage = (page: number) => useQuery(mailOutboxQueryOptions(page));

/** GET /admin/contact-messages: a page of what people sent through the contact form, newest first. */
export const contactMessagesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminOverviewKeys.contactPage(page),
    queryFn: () => api.list('/admin/contact-messages', { params: { query: { page, limit: CONTACT_PAGE_SIZE } } }),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
export const useContactMessagesPage = (page: number) => useQuery(contactMessagesQueryOptions(page));

/** Reads the overview, the outbox and the contact messages again (a repair changes the queue, and a mail's state; the page's Refresh). */
export function useRefreshOverview() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: adminOverviewKeys.overview });
    void qc.invalidateQueries({ queryKey: adminOverviewKeys.outbox });
    void qc.invalidateQueries({ queryKey: adminOverviewKeys.contact });
  };
}

/** POST /admin/jobs/{id}/retry: a job that failed for good runs again from its first attempt (409 `job_not_dead` otherwise). */
export function useRetryJob() {
  const refresh = useRefreshOverview();
  return useMutation({
    mutationFn: (id: string) => api.post('/admin/jobs/{id}/retry', { params: { path: { id } } }),
    // A refusal says the job changed meanwhile: read it again either way.
    onSettled: refresh,
  });
}

/** POST /admin/mail-outbox/{id}/resend: a kept or failed email goes out through the mail server now set (409 `mail_not_configured`, `already_sent`). */
export function useResendMail() {
  const refresh = useRefreshOverview();
  return useMutation({
    mutationFn: (id: string) => api.post('/admin/mail-outbox/{id}/resend', { params: { path: { id } } }),
    onSettled: refresh,
  });
}

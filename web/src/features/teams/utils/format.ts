/** A day in the language of the interface ("Mar 1, 2026"). */
export function formatDate(lng: string, iso?: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(d);
}

/** A person's name, or their email when they gave none. */
export const displayName = (m: { firstName: string; lastName: string; email: string }) => `${m.firstName} ${m.lastName}`.trim() || m.email;

/** Whether a member is the signed-in user (by id, or by email for a stored user without one). */
export const isSelf = (me: { id?: string; email: string }, m: { userId: string; email: string }) =>
  me.id ? m.userId === me.id : m.email.toLowerCase() === me.email.toLowerCase();

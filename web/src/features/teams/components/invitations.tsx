import { Check, Mail, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ResendVerificationButton } from '@/components/account/resend-verification';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { useAcceptInvitation, useInvitation, useMyInvitations, useRejectInvitation, type Invitation } from '@/features/teams/api/invitations';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { formatDate } from '@/features/teams/utils/format';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useMailOutbox } from '@/lib/system';
import { toast } from '@/lib/toast';

/** The server answers 403 `email_unverified` to every invitation call of an unverified address. */
const unverified = (error: unknown) => error instanceof ApiError && error.code === 'email_unverified';

/** Why invitations wait: the address must be verified first; with a button for a new link. */
function VerifyFirst({ className }: { className?: string }) {
  const { t } = useTranslation('dashboard');
  const noMail = useMailOutbox();
  return (
    <Notice tone="warning" className={className} action={<ResendVerificationButton variant="secondary" />}>
      {noMail ? t('teams.invitation.verifyFirstNoMail') : t('teams.invitation.verifyFirst')}
    </Notice>
  );
}

/**
 * One invitation sent to me: the team, the role, who sent it and until when; Accept and Decline
 * while it is open. `token` is the emailed token, or the invitation's id (my own list).
 */
function InvitationCard({
  invitation,
  token,
  onAccepted,
  onDeclined,
  className,
}: {
  invitation: Invitation;
  token: string;
  onAccepted: (teamId: string) => void;
  onDeclined: () => void;
  className?: string;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const accept = useAcceptInvitation();
  const reject = useRejectInvitation();
  const titleId = useId();
  const open = invitation.status === 'pending';
  const error = accept.error ?? reject.error;
  const busy = accept.isPending || reject.isPending;
  const team = invitation.teamName;

  const onAccept = () => {
    reject.reset();
    accept.mutate(token, {
      onSuccess: (out) => {
        toast({ title: t('teams.invitation.accepted', { team: out.team.name }), status: 'success' });
        onAccepted(out.team.id);
      },
    });
  };
  const onDecline = () => {
    accept.reset();
    reject.mutate(token, {
      onSuccess: () => {
        toast({ title: t('teams.invitation.declined', { team }), status: 'success' });
        onDeclined();
      },
    });
  };

  return (
    <article aria-labelledby={titleId} data-testid="invitation" className={cn('rounded-xl border border-zinc-200 p-4 dark:border-zinc-800', className)}>
      <div className="flex flex-wrap items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-50 text-accent-600 dark:bg-accent-500/15 dark:text-accent-400">
          <Mail aria-hidden className="size-4" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <h3 id={titleId} dir="auto" className="font-semibold">
            {t('teams.invitation.title', { team })}
          </h3>
          <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            <span>{t('teams.invitation.role')}</span>
            <RoleBadge role={invitation.role} />
          </p>
          {invitation.invitedBy ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('teams.invitation.invitedBy', { name: invitation.invitedBy })}</p> : null}
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {open ? t('teams.invitation.expires', { date: formatDate(i18n.language, invitation.expiresAt) }) : t(`teams.invitation.closed.${invitation.status}`, { defaultValue: invitation.status })}
          </p>
        </div>
        {open ? (
          <div className="flex gap-2">
            <Button size="sm" onClick={onAccept} disabled={busy} aria-label={t('teams.invitation.acceptLabel', { team })}>
              {accept.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Check aria-hidden className="size-4" />}
              {t('teams.invitation.accept')}
            </Button>
            <Button size="sm" variant="secondary" onClick={onDecline} disabled={busy} aria-label={t('teams.invitation.declineLabel', { team })}>
              {reject.isPending ? <Spinner className="size-4" /> : <X aria-hidden className="size-4" />}
              {t('teams.invitation.decline')}
            </Button>
          </div>
        ) : null}
      </div>
      {/* The server says why (another address, expired, already answered…) in words. */}
      {unverified(error) ? (
        <VerifyFirst className="mt-3" />
      ) : error ? (
        <Notice tone="error" className="mt-3">
          {error.message}
        </Notice>
      ) : null}
    </article>
  );
}

/** The invitation of an emailed link (`?invitation=TOKEN`), shown above everything else. */
export function LinkInvitation({ token, onAccepted, onClose }: { token: string; onAccepted: (teamId: string) => void; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const invitation = useInvitation(token);
  const dismiss = (
    <Button size="sm" variant="ghost" onClick={onClose}>
      {t('teams.invitation.dismiss')}
    </Button>
  );
  return (
    <Section id="link-invitation" title={t('teams.invitation.heading')} action={invitation.isPending ? null : dismiss}>
      {invitation.isPending ? (
        <div role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner className="size-4" />
          {t('teams.invitation.loading')}
        </div>
      ) : unverified(invitation.error) ? (
        <VerifyFirst />
      ) : invitation.isError ? (
        <Notice tone="error">{invitation.error.message}</Notice>
      ) : (
        <InvitationCard invitation={invitation.data} token={token} onAccepted={onAccepted} onDeclined={onClose} />
      )}
    </Section>
  );
}

/**
 * "Invitations for you": the pending invitations sent to my address (none: not shown). Until the
 * address is verified the server lists none, so the section asks for that instead.
 */
export function MyInvitations({ exclude, onAccepted }: { exclude?: string; onAccepted: (teamId: string) => void }) {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const notVerified = user?.emailVerified === false;
  const invitations = useMyInvitations(!notVerified);
  if (notVerified || unverified(invitations.error)) {
    return (
      <Section id="my-invitations" title={t('teams.myInvitations.title')}>
        <VerifyFirst />
      </Section>
    );
  }
  // The invitation of the emailed link, if open, is already on top.
  const rows = (invitations.data ?? []).filter((i) => i.id !== exclude);
  if (rows.length === 0) return null;
  return (
    <Section id="my-invitations" title={t('teams.myInvitations.title')} description={t('teams.myInvitations.description')}>
      <ul className="space-y-3">
        {rows.map((i) => (
          <li key={i.id}>
            <InvitationCard invitation={i} token={i.id} onAccepted={onAccepted} onDeclined={() => {}} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

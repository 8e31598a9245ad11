import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The team an agent is shared with, by the name the server gives with the agent. */
export function TeamBadge({ teamId, teamName }: { teamId?: string | null; teamName?: string | null }) {
  const { t } = useTranslation('agents');
  if (!teamId) return null;
  return (
    <span
      data-testid="team-badge"
      className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-md bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800 dark:bg-sky-500/10 dark:text-sky-300"
    >
      <Users aria-hidden className="size-3" />
      <span className="sr-only">{t('teamBadge.label')} </span>
      <span dir="auto">{teamName ?? t('teamBadge.unknown')}</span>
    </span>
  );
}

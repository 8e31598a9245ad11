import { TeamSettings } from '@/features/teams/components/team-settings';

/** /dashboard/settings/team: my teams, their members and agents, and my invitations. */
export function TeamSettingsRoute() {
  return <TeamSettings />;
}

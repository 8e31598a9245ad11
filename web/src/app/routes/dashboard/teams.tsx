import { AllTeams } from '@/features/teams/components/all-teams';

/** /dashboard/teams (platform admins): every team. */
export function TeamsRoute() {
  return <AllTeams />;
}

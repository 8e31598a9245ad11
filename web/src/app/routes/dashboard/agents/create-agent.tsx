import { useSearchParams } from 'react-router';
import { CreateAgent, type Start } from '@/features/agents/components/create-agent';

const STARTS: Start[] = ['scratch', 'template', 'generate'];

/** /dashboard/agents/create(?start=scratch|template|generate). */
export function CreateAgentRoute() {
  const [search] = useSearchParams();
  const start = search.get('start') as Start | null;
  return <CreateAgent initialStart={start && STARTS.includes(start) ? start : 'scratch'} />;
}

import { GeminiForAgent } from '@/features/agents/components/gemini-for-agent';
import { GeminiPage } from '@/features/integrations/components/gemini-page';

/** /dashboard/gemini: my Gemini connection (the integrations feature), then choosing Gemini for one of my agents (the agents feature). */
export function GeminiRoute() {
  return <GeminiPage forAgent={(gemini) => <GeminiForAgent gemini={gemini} />} />;
}

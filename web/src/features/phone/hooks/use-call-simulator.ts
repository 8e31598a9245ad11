import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { SimulatorSession } from '@/features/phone/utils/simulator-session';

/**
 * The call simulator's session: its state, read as it changes, and the session whose actions the
 * screen calls. Leaving the screen stops it all and hangs up a call still going.
 */
export function useCallSimulator() {
  const queryClient = useQueryClient();
  const [session] = useState(() => new SimulatorSession({ queryClient }));
  useEffect(() => () => session.dispose(), [session]);
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return { session, state };
}

import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// The call simulator: a call in the browser without Twilio, answered by the agent's production
// deployment through the very TwiML a real call gets. Each answer is the call, that TwiML, and
// the same as steps to play in order (say, play, pause, listen, hang up). The simulator's session
// (utils/simulator-session.ts) calls these one after the other, outside React.

type S = components['schemas'];
export type SimulatorTurn = S['SimulatorTurnOut'];
export type CallStep = S['CallStep'];

/** POST /phone/simulator/calls: the call rings through to its greeting (409 `not_deployed` or `agent_inactive` when the agent cannot answer). */
export const startSimulatedCall = (agentId: string, variables: Record<string, string>, signal?: AbortSignal) =>
  api.post('/phone/simulator/calls', { body: { agentId, variables }, signal });

/** POST /phone/simulator/calls/{id}/speech: what the caller said (`''`: silence), answered as Twilio's gather would be (409 `call_ended` once over). */
export const sendSimulatorSpeech = (id: string, speech: string, signal?: AbortSignal) =>
  api.post('/phone/simulator/calls/{id}/speech', { params: { path: { id } }, body: { speech }, signal });

/** POST /phone/simulator/calls/{id}/hangup: the call completes and its conversation ends. */
export const hangUpSimulatedCall = (id: string) => api.post('/phone/simulator/calls/{id}/hangup', { params: { path: { id } } });

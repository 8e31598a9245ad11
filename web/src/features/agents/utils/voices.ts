import type { SpeechVoice } from '@/features/agents/api/agents';
import { capitalize } from '@/features/agents/utils/messages';

/** What the agent stores for a voice: a catalogue voice by its name (as agents name them), an account's own by its id. */
export const voiceValue = (v: SpeechVoice) => (v.source === 'catalogue' ? v.name : v.id);
/** A voice as people read it: the catalogue's names capitalised, an account's as the account named them. */
export const voiceLabel = (v: SpeechVoice) => (v.source === 'catalogue' ? capitalize(v.name) : v.name);
/** Whether the agent's `voice_model_id` names this voice. */
export const isVoice = (v: SpeechVoice, value: string) => value === v.id || value.toLowerCase() === v.name.toLowerCase();

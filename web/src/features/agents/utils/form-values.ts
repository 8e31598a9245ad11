import { z } from 'zod';
import type { AgentConfig, AgentInput } from '@/features/agents/api/agents';
import { AGENT_STATUSES, AGENT_TYPES, MODEL_PROVIDERS, oneOf } from '@/lib/api-enums';

/** The model provider select: '' is the server's default (its configured provider). */
export const PROVIDERS = ['', ...MODEL_PROVIDERS] as const;

/** Messages are keys of the `agents` namespace. */
export const agentSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.nameTooLong'),
  description: z.string().max(1000, 'validation.tooLong'),
  type: z.enum(AGENT_TYPES),
  status: z.enum(AGENT_STATUSES),
  language: z.string().min(1, 'validation.required'),
  personalityId: z.string(),
  instructions: z.string().max(20000, 'validation.tooLong'),
  greeting: z.string().max(1000, 'validation.tooLong'),
  model: z.object({
    provider: z.enum(PROVIDERS),
    model: z.string(),
    temperature: z.number({ error: 'validation.temperature' }).min(0, 'validation.temperature').max(2, 'validation.temperature'),
    maxTokens: z.number({ error: 'validation.maxTokens' }).int('validation.maxTokens').min(1, 'validation.maxTokens').max(32768, 'validation.maxTokens'),
  }),
  voice_enabled: z.boolean(),
  voice_model_id: z.string(),
  useKnowledgeBase: z.boolean(),
});

export type AgentFormValues = z.infer<typeof agentSchema>;

/** Form fields a server error (`errors[].field`) can be placed beside. */
export const FORM_FIELDS = [
  'name',
  'description',
  'type',
  'status',
  'language',
  'personalityId',
  'instructions',
  'greeting',
  'model.provider',
  'model.model',
  'model.temperature',
  'model.maxTokens',
  'voice_model_id',
] as const;

/** Legacy and nested server field names → form fields. */
export const FIELD_MAP: Record<string, (typeof FORM_FIELDS)[number]> = {
  voiceModel: 'voice_model_id',
  temperature: 'model.temperature',
  maxTokens: 'model.maxTokens',
  provider: 'model.provider',
};

export const EMPTY_VALUES: AgentFormValues = {
  name: '',
  description: '',
  type: 'general',
  status: 'draft',
  language: 'en',
  personalityId: '',
  instructions: '',
  greeting: '',
  model: { provider: '', model: '', temperature: 0.7, maxTokens: 1024 },
  voice_enabled: false,
  voice_model_id: '',
  useKnowledgeBase: true,
};

/** An agent, template or generated draft → form values. */
export function valuesFrom(config: Partial<AgentConfig> & { status?: string | null }): AgentFormValues {
  return {
    name: config.name ?? '',
    description: config.description ?? '',
    type: oneOf(AGENT_TYPES, config.type, 'general'),
    status: oneOf(AGENT_STATUSES, config.status, 'draft'),
    language: config.language || 'en',
    personalityId: config.personalityId ?? '',
    instructions: config.instructions ?? '',
    greeting: config.greeting ?? '',
    model: {
      provider: oneOf(PROVIDERS, config.model?.provider ?? '', ''),
      model: config.model?.model ?? '',
      temperature: config.model?.temperature ?? 0.7,
      maxTokens: config.model?.maxTokens ?? 1024,
    },
    voice_enabled: config.voice_enabled ?? false,
    voice_model_id: config.voice_model_id ?? '',
    useKnowledgeBase: config.useKnowledgeBase ?? true,
  };
}

/** Form values → the body of POST/PUT /agents (empty optional strings become null). */
export function toInput(v: AgentFormValues): AgentInput {
  return {
    name: v.name.trim(),
    description: v.description,
    type: v.type,
    status: v.status,
    language: v.language,
    personalityId: v.personalityId || null,
    instructions: v.instructions,
    greeting: v.greeting,
    model: { provider: v.model.provider || null, model: v.model.model.trim() || null, temperature: v.model.temperature, maxTokens: v.model.maxTokens },
    voice_enabled: v.voice_enabled,
    voice_model_id: v.voice_model_id || null,
    useKnowledgeBase: v.useKnowledgeBase,
  };
}

/** Only what changed, for PUT (the server changes only the fields it is sent). */
export function changedInput(initial: AgentFormValues, next: AgentFormValues): AgentInput {
  const a = toInput(initial);
  const b = toInput(next);
  const out: AgentInput = {};
  const keep = <K extends keyof AgentInput>(key: K) => {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) out[key] = b[key];
  };
  // The keys toInput writes, all of them AgentIn's.
  for (const key of Object.keys(b) as (keyof AgentInput)[]) keep(key);
  return out;
}

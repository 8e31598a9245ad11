import { z } from 'zod';

const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

const EnvSchema = z.object({
  MODE: z.enum(['development', 'test', 'production']),
  API_URL: z.url(),
  // Backend-as-a-service settings of the specification: accepted, validated, unused —
  // AgentForge's own server is the backend.
  SUPABASE_URL: optionalUrl,
  SUPABASE_ANON_KEY: optionalString,
  STRIPE_PUBLIC_KEY: optionalString,
});

export type Env = z.infer<typeof EnvSchema>;

export const ENV_ERROR_MESSAGE = 'Invalid environment variables. Please check .env file.';

type RawEnv = Record<string, string | boolean | undefined>;

export function parseEnv(raw: RawEnv, origin: string): Env {
  const pick = (key: string) => {
    const value = raw[key];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const result = EnvSchema.safeParse({
    MODE: raw.MODE,
    API_URL: pick('VITE_API_URL') ?? `${origin}/api`,
    SUPABASE_URL: pick('VITE_SUPABASE_URL'),
    SUPABASE_ANON_KEY: pick('VITE_SUPABASE_ANON_KEY'),
    STRIPE_PUBLIC_KEY: pick('VITE_STRIPE_PUBLIC_KEY'),
  });
  if (!result.success) {
    throw new Error(ENV_ERROR_MESSAGE);
  }
  return result.data;
}

export const env = parseEnv(import.meta.env, window.location.origin);

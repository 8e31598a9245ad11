import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/config/env';

const origin = 'https://agents.example.com';

describe('environment', () => {
  it('defaults the API URL to the page origin + /api', () => {
    expect(parseEnv({ MODE: 'production' }, origin)).toMatchObject({ MODE: 'production', API_URL: 'https://agents.example.com/api' });
  });

  it('accepts optional backend-as-a-service and payment settings', () => {
    const env = parseEnv(
      { MODE: 'development', VITE_API_URL: 'http://localhost:8080/api', VITE_SUPABASE_URL: 'https://x.supabase.co', VITE_SUPABASE_ANON_KEY: 'anon', VITE_STRIPE_PUBLIC_KEY: 'pk_test_1' },
      origin,
    );
    expect(env).toMatchObject({ API_URL: 'http://localhost:8080/api', STRIPE_PUBLIC_KEY: 'pk_test_1' });
  });

  it.each([
    [{ MODE: 'staging' }],
    [{ MODE: 'test', VITE_API_URL: 'not a url' }],
    [{ MODE: 'test', VITE_SUPABASE_URL: 'nope' }],
  ])('rejects %j with the specification message', (raw) => {
    expect(() => parseEnv(raw, origin)).toThrow('Invalid environment variables. Please check .env file.');
  });
});

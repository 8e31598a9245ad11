import type { components } from '@/lib/api-types';

// What a masked-secret field (`secret-field.tsx`) holds and sends. Its form value says what to do
// with the secret in force: '' keeps it (it is left out of the request), null removes it (""),
// any other text replaces it.

/** A secret as the API shows it: whether it is set, and a hint to tell values apart. */
export type Masked = components['schemas']['Masked'];

/** A secret field: '' keeps the value in force, null removes it, other text replaces it. */
export type SecretValue = string | null;

/** What a secret field sends: nothing (keep), "" (remove) or the new value. */
export function secretInput(value: SecretValue): string | undefined {
  if (value === null) return '';
  const typed = value.trim();
  return typed === '' ? undefined : typed;
}

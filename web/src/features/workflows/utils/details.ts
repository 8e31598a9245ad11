import { ApiError } from '@/lib/api-client';
import { charCount, unsafeName } from '@/lib/text';

/** The longest name and description (the server's limits). */
export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 2000;

export type Details = { name: string; description: string };
export type DetailsErrors = Partial<Record<keyof Details, 'required' | 'nameTooLong' | 'descriptionTooLong' | 'nameCharacters'>>;

/** What is wrong with a name and a description before sending them (nothing: `{}`). */
export function checkDetails({ name, description }: Details): DetailsErrors {
  const out: DetailsErrors = {};
  if (!name.trim()) out.name = 'required';
  else if (charCount(name.trim()) > NAME_MAX) out.name = 'nameTooLong';
  else if (unsafeName(name)) out.name = 'nameCharacters';
  if (charCount(description) > DESCRIPTION_MAX) out.description = 'descriptionTooLong';
  return out;
}

/** The server's field problems of a refused save, each `[field, message]`. */
export const problemsOf = (e: unknown): Array<[string, string]> => (e instanceof ApiError ? e.errors.map((p) => [p.field, p.message]) : []);

/** The server's words for the name and the description, when it refused them. */
export const fieldErrorsOf = (e: unknown): Partial<Record<keyof Details, string>> =>
  Object.fromEntries(problemsOf(e).filter(([field]) => field === 'name' || field === 'description'));

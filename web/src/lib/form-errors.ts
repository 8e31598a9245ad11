import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts the server's field errors (`errors[].field`) beside their form fields. `fieldMap` renames
 * server fields to form fields (e.g. firstName → fullName); fields the form does not show are
 * skipped. Returns true when at least one error was placed, so the caller can leave out a
 * summary that would only repeat it.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
  fieldMap: Partial<Record<string, Path<T>>> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  const seen = new Set<string>();
  for (const { field, message } of error.errors) {
    const target = fieldMap[field] ?? (field as Path<T>);
    if (!formFields.includes(target) || seen.has(target)) continue;
    seen.add(target);
    setError(target, { type: 'server', message: message || error.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

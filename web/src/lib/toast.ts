import { useSyncExternalStore } from 'react';

export type ToastStatus = 'info' | 'success' | 'warning' | 'error' | 'default' | 'destructive';

/** One thing a toast offers to do (open what it is about); doing it closes the toast. */
export type ToastAction = { label: string; onAction: () => void };

export type Toast = { id: string; title: string; description?: string; status: ToastStatus; action?: ToastAction };

export const TOAST_DURATION_MS = 5000;

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit() {
  for (const l of listeners) l();
}

export function dismissToast(id: string): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/**
 * Shows a toast at once and dismisses it after 5000 ms. Giving an `id` replaces a visible
 * toast with the same id instead of stacking a duplicate.
 */
export function toast(input: { title: string; description?: string; status?: ToastStatus; id?: string; action?: ToastAction }): string {
  const id = input.id ?? `toast-${++counter}`;
  const next: Toast = { id, title: input.title, description: input.description, status: input.status ?? 'default', action: input.action };
  const existing = timers.get(id);
  if (existing) clearTimeout(existing);
  toasts = [...toasts.filter((t) => t.id !== id), next];
  timers.set(id, setTimeout(() => dismissToast(id), TOAST_DURATION_MS));
  emit();
  return id;
}

export function clearToasts(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  toasts = [];
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}

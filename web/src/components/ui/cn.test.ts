import { describe, expect, it } from 'vitest';
import { buttonClasses } from '@/components/ui/button-classes';
import { cn } from '@/components/ui/cn';

describe('cn', () => {
  it('skips falsy parts', () => {
    expect(cn('px-2', false, null, undefined, '', 'py-1')).toBe('px-2 py-1');
    expect(cn()).toBe('');
  });

  it('lets a later conflicting class win, variant by variant', () => {
    expect(cn('text-zinc-700 dark:text-zinc-300', 'text-red-600 dark:text-red-400')).toBe('text-red-600 dark:text-red-400');
    expect(cn('h-8 px-3 text-sm', 'h-7 px-2 text-xs')).toBe('h-7 px-2 text-xs');
    expect(cn('hover:bg-zinc-100', 'hover:bg-red-50')).toBe('hover:bg-red-50');
    // The same utility under another variant is not a conflict.
    expect(cn('text-zinc-700', 'dark:text-red-400')).toBe('text-zinc-700 dark:text-red-400');
  });

  it('keeps classes that do not conflict', () => {
    expect(cn('inline-flex items-center rounded-lg', 'me-auto shadow-sm')).toBe('inline-flex items-center rounded-lg me-auto shadow-sm');
    // A size and a colour share the `text-` prefix but not a property.
    expect(cn('text-sm text-zinc-700', 'text-red-600')).toBe('text-sm text-red-600');
    expect(cn('border border-zinc-200', 'border-red-200')).toBe('border border-red-200');
  });

  it('knows the theme’s accent colours', () => {
    expect(cn('text-zinc-700', 'text-accent-700')).toBe('text-accent-700');
    expect(cn('bg-accent-600 hover:bg-accent-700', 'bg-red-600 hover:bg-red-700')).toBe('bg-red-600 hover:bg-red-700');
    expect(cn('text-sm', 'text-accent-600')).toBe('text-sm text-accent-600');
  });

  it('knows the theme’s toast-in animation', () => {
    expect(cn('animate-toast-in', 'animate-none')).toBe('animate-none');
    expect(cn('animate-spin', 'animate-toast-in')).toBe('animate-toast-in');
  });

  it('lets a button’s className override its variant', () => {
    const classes = buttonClasses('ghost', 'sm', 'text-red-600 dark:text-red-400').split(' ');
    expect(classes).toContain('text-red-600');
    expect(classes).toContain('dark:text-red-400');
    expect(classes).not.toContain('text-zinc-700');
    expect(classes).not.toContain('dark:text-zinc-300');
  });
});

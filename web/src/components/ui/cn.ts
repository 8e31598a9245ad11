import { extendTailwindMerge } from 'tailwind-merge';

// tailwind-merge knows Tailwind's own scales; the tokens of our `@theme` (src/index.css) that it
// cannot guess are named here, so a class made of them conflicts with the classes it replaces.
// The `accent-*` colours need no entry: any name is a colour to tailwind-merge, so `text-accent-700`
// already replaces `text-zinc-700`. An animation, though, is only one of Tailwind's four unless
// listed. Add a token here when one is added to `@theme` with a name Tailwind does not use (a text
// size, a radius, a shadow …), or `cn` would keep both the new class and the one it should replace.
const merge = extendTailwindMerge({
  extend: {
    theme: {
      animate: ['toast-in'],
    },
  },
});

/**
 * Joins class names, skipping falsy ones, and resolves Tailwind conflicts: of two classes setting
 * the same property under the same variants (`text-zinc-700` and `text-red-600`, `px-4` and
 * `px-0`), the later one wins, so a caller's `className` overrides a component's own classes
 * whatever their order in the generated CSS.
 */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return merge(...parts);
}

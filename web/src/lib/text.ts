// Checks of text the server refuses (crates/domain: `char::is_control`, `name::unsafe_in_name`),
// so forms say so as the user types.

/** A control character (Unicode's Cc, as Rust's `char::is_control` tells). */
const isControl = (c: string) => {
  const code = c.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code < 0xa0);
};

/** Whether `s` holds a control character (a tab allowed when `allowTab`). */
export const hasControl = (s: string, allowTab = false) => [...s].some((c) => isControl(c) && !(allowTab && c === '\t'));

/** Marks that turn text around ("gpj.exe" shown as "exe.jpg"). */
const DIRECTION_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;

/** What no name may hold: control characters and text-direction marks. */
export const unsafeName = (s: string) => hasControl(s) || DIRECTION_MARKS.test(s);

/** Characters counted as the server counts them (Unicode scalar values, not UTF-16 units). */
export const charCount = (s: string) => [...s].length;

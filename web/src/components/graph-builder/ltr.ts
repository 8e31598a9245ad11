/**
 * Code put into a translated sentence (a path, an expression, a cron example), isolated as
 * left-to-right text, so a right-to-left sentence does not reorder its symbols.
 */
export const ltr = (code: string) => `\u2066${code}\u2069`;

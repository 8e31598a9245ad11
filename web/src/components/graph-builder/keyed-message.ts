/**
 * A builder's own check message: a translation key under `prefix` with numbers after colons
 * (`flowBuilder.form.range:1:10`), read as the key and its `min` and `max`; null for any other
 * text (a check's, the server's), which is shown as it is.
 */
export function keyedMessage(message: string, prefix: string): { key: string; min: string | undefined; max: string | undefined } | null {
  if (!message.startsWith(prefix)) return null;
  const [key, a, b] = message.split(':');
  return { key, min: a, max: b ?? a };
}

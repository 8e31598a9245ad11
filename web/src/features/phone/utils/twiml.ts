/**
 * TwiML laid out one element a line, indented, for reading (the server writes it on one line);
 * an element holding only text stays on its line. The text itself is left as written.
 */
export function prettyXml(xml: string, indent = '  '): string {
  const parts = xml.trim().replace(/>\s+</g, '><').match(/<[^>]+>|[^<]+/g) ?? [];
  const out: string[] = [];
  let depth = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const pad = () => indent.repeat(Math.max(depth, 0));
    if (part.startsWith('</')) {
      depth -= 1;
      out.push(pad() + part);
    } else if (part.startsWith('<?') || part.startsWith('<!') || part.endsWith('/>')) {
      out.push(pad() + part);
    } else if (part.startsWith('<')) {
      const [text, close] = [parts[i + 1], parts[i + 2]];
      if (text !== undefined && !text.startsWith('<') && close?.startsWith('</')) {
        out.push(pad() + part + text + close);
        i += 2;
      } else {
        out.push(pad() + part);
        depth += 1;
      }
    } else if (part.trim()) {
      out.push(pad() + part.trim());
    }
  }
  return out.join('\n');
}

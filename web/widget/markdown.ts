// The assistant's answers are untrusted text (a model wrote them, maybe steered by a visitor or a
// document). They are shown with a small Markdown subset, built as DOM nodes: every piece of
// the text becomes a text node (the browser escapes it; no HTML is ever parsed, so there is no
// innerHTML, and pages enforcing Trusted Types work too), and the only elements made are the
// ones listed here. Links are kept only for http(s) URLs, opened in a new tab without opener or
// referrer; anything else shows as its text.
//
// Supported: paragraphs, line breaks, **bold**, *italic*, `inline code`, ``` fenced code ```,
// bullet (-, *, +) and numbered (1. or 1)) lists, [links](https://…), bare http(s) URLs, and
// headings (# …) shown as bold paragraphs.

type Inline = string | { tag: 'strong' | 'em' | 'code'; children: Inline[] } | { tag: 'a'; href: string; children: Inline[] };

// One alternation, tried left to right at each position: code, link, bold, italic, bare URL.
const INLINE = /`([^`\n]+)`|\[([^\]\n]+)\]\(([^()\s]*)\)|\*\*(\S(?:[^\n]*?\S)?)\*\*|\*(?![\s*])([^*\n]*?[^\s*])\*|(https?:\/\/[^\s<>"'`]+)/;
const TRAILING_PUNCTUATION = /[.,;:!?'")\]]+$/;

/** `url` as an absolute http(s) URL, or null (javascript:, data:, relative, malformed …). */
export function safeHref(url: string): string | null {
  if (!/^https?:\/\//i.test(url.trim())) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function parseInline(text: string, links = true): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  const re = new RegExp(INLINE.source, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let end = m.index + m[0].length;
    let piece: Inline | null = null;
    if (m[1] !== undefined) piece = { tag: 'code', children: [m[1]] };
    else if (m[2] !== undefined) {
      const href = links ? safeHref(m[3] ?? '') : null;
      const label = parseInline(m[2], false);
      if (href) piece = { tag: 'a', href, children: label };
      else {
        // Not a link we open: its label, as text.
        if (m.index > last) out.push(text.slice(last, m.index));
        out.push(...label);
        last = end;
        continue;
      }
    } else if (m[4] !== undefined) piece = { tag: 'strong', children: parseInline(m[4], links) };
    else if (m[5] !== undefined) piece = { tag: 'em', children: parseInline(m[5], links) };
    else if (m[6] !== undefined) {
      // A sentence's full stop or closing bracket after a URL is not part of it.
      const url = m[6].replace(TRAILING_PUNCTUATION, '');
      end = m.index + url.length;
      re.lastIndex = end;
      const href = links ? safeHref(url) : null;
      piece = href ? { tag: 'a', href, children: [url] } : url;
    }
    if (m.index > last) out.push(text.slice(last, m.index));
    if (piece !== null) out.push(piece);
    last = end;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function appendInline(parent: Node, items: Inline[], doc: Document): void {
  for (const item of items) {
    if (typeof item === 'string') {
      parent.appendChild(doc.createTextNode(item));
      continue;
    }
    const el = doc.createElement(item.tag);
    if (item.tag === 'a') {
      el.setAttribute('href', item.href);
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    appendInline(el, item.children, doc);
    parent.appendChild(el);
  }
}

/** Lines of a paragraph or list item, joined by line breaks. */
function appendLines(parent: Node, lines: string[], doc: Document): void {
  lines.forEach((line, i) => {
    if (i > 0) parent.appendChild(doc.createElement('br'));
    appendInline(parent, parseInline(line), doc);
  });
}

const FENCE = /^\s{0,3}(```|~~~)/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

/** `markdown` as DOM nodes of `doc` (the widget's document), safe to append anywhere. */
export function renderMarkdown(markdown: string, doc: Document = document): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  const lines = markdown.replace(/\r\n?/g, '\n').replace(/\0/g, '').split('\n');
  let paragraph: string[] = [];
  let list: { el: HTMLOListElement | HTMLUListElement; ordered: boolean; item: string[] } | null = null;

  const flushParagraph = () => {
    if (paragraph.length === 0) return;
    const p = doc.createElement('p');
    appendLines(p, paragraph, doc);
    fragment.appendChild(p);
    paragraph = [];
  };
  const flushItem = () => {
    if (!list || list.item.length === 0) return;
    const li = doc.createElement('li');
    appendLines(li, list.item, doc);
    list.el.appendChild(li);
    list.item = [];
  };
  const flushList = () => {
    if (!list) return;
    flushItem();
    fragment.appendChild(list.el);
    list = null;
  };
  const flush = () => {
    flushParagraph();
    flushList();
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!); i++) code.push(lines[i]!);
      const pre = doc.createElement('pre');
      const el = doc.createElement('code');
      el.textContent = code.join('\n');
      pre.appendChild(el);
      fragment.appendChild(pre);
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      flushParagraph();
      const ordered = numbered !== null;
      if (!list || list.ordered !== ordered) {
        flushList();
        const el: HTMLOListElement | HTMLUListElement = doc.createElement(ordered ? 'ol' : 'ul');
        const start = numbered ? Number(numbered[1]) : 1;
        if (ordered && start !== 1) el.setAttribute('start', String(start));
        list = { el, ordered, item: [] };
      } else flushItem();
      list.item.push((bullet ? bullet[1] : numbered![2]) ?? '');
      continue;
    }
    if (list && /^\s+\S/.test(line)) {
      // An indented line goes on with the list's last item.
      list.item.push(line.trim());
      continue;
    }
    flushList();
    const heading = HEADING.exec(line);
    if (heading) {
      flushParagraph();
      const p = doc.createElement('p');
      const strong = doc.createElement('strong');
      appendInline(strong, parseInline(heading[1] ?? ''), doc);
      p.appendChild(strong);
      fragment.appendChild(p);
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return fragment;
}

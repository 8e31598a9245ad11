import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeHref } from './markdown';

/** The Markdown as the widget shows it: a container holding the nodes, and its serialised HTML. */
function render(markdown: string) {
  const box = document.createElement('div');
  box.appendChild(renderMarkdown(markdown, document));
  return { box, html: box.innerHTML };
}

/** Every element and attribute of the result, to check that nothing else was made. */
function inventory(box: HTMLElement) {
  return Array.from(box.querySelectorAll('*')).map((el) => [el.tagName.toLowerCase(), ...Array.from(el.attributes, (a) => a.name)].join(' '));
}

const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em', 'code', 'pre', 'ul', 'ol', 'li', 'a']);

describe('the widget’s Markdown', () => {
  it('makes paragraphs and line breaks', () => {
    const { html } = render('First line\nsecond line\n\nNext paragraph');
    expect(html).toBe('<p>First line<br>second line</p><p>Next paragraph</p>');
  });

  it('makes bold, italic and inline code, leaving Markdown inside code alone', () => {
    const { html } = render('This is **bold**, *italic* and `**not bold**`.');
    expect(html).toBe('<p>This is <strong>bold</strong>, <em>italic</em> and <code>**not bold**</code>.</p>');
  });

  it('makes fenced code blocks, keeping their text as it is', () => {
    const { box, html } = render('Run:\n```sh\nnpm run build\n<b>not bold</b>\n```\nDone.');
    expect(html).toBe('<p>Run:</p><pre><code>npm run build\n&lt;b&gt;not bold&lt;/b&gt;</code></pre><p>Done.</p>');
    expect(box.querySelector('b')).toBeNull();
  });

  it('makes bullet and numbered lists, an indented line going on with its item', () => {
    const { html } = render('Steps:\n1. Open the box\n2. Plug it in\n   then wait\n\n- tea\n* coffee\n+ **water**');
    expect(html).toBe(
      '<p>Steps:</p><ol><li>Open the box</li><li>Plug it in<br>then wait</li></ol><ul><li>tea</li><li>coffee</li><li><strong>water</strong></li></ul>',
    );
    expect(render('3. third\n4. fourth').html).toBe('<ol start="3"><li>third</li><li>fourth</li></ol>');
  });

  it('shows headings as bold paragraphs', () => {
    expect(render('## Returns\nWithin 14 days.').html).toBe('<p><strong>Returns</strong></p><p>Within 14 days.</p>');
  });

  it('links http(s) URLs only, in a new tab without opener or referrer', () => {
    const { box } = render('See [our policy](https://shop.example.com/returns?a=1&b=2) or https://example.com/faq.');
    const links = Array.from(box.querySelectorAll('a'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
      ['our policy', 'https://shop.example.com/returns?a=1&b=2', '_blank', 'noopener noreferrer nofollow'],
      ['https://example.com/faq', 'https://example.com/faq', '_blank', 'noopener noreferrer nofollow'],
    ]);
    // The sentence's full stop is not part of the bare URL.
    expect(box.textContent).toBe('See our policy or https://example.com/faq.');
  });

  it('shows raw HTML as text, never as markup', () => {
    const hostile = '<script>alert(1)</script>\n<img src=x onerror="alert(2)">\n<iframe src="https://evil.test"></iframe> <a href="javascript:alert(3)">x</a>';
    const { box, html } = render(hostile);
    expect(box.querySelector('script, img, iframe, style, svg, object')).toBeNull();
    // The iframe's address is just a URL in the text: linked, as any other.
    expect(Array.from(box.querySelectorAll('a'), (a) => a.getAttribute('href'))).toEqual(['https://evil.test/']);
    expect(box.textContent).toBe(hostile.replace(/\n/g, ''));
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror="alert(2)"&gt;');
  });

  it('never links javascript:, data:, vbscript: or relative URLs, showing their label as text', () => {
    const { box } = render(
      '[a](javascript:alert`1`) [b](JaVaScRiPt:void0) [c](data:text/html;base64,PHNjcmlwdD4=) [d](vbscript:msgbox) [e](/relative) [f](//evil.test) [g](java&#x09;script:x)',
    );
    expect(box.querySelector('a')).toBeNull();
    expect(box.textContent).toBe('a b c d e f g');
    // A target the link syntax does not take (parentheses inside) stays text altogether.
    const other = render('[x](javascript:alert(1))');
    expect(other.box.querySelector('a')).toBeNull();
    expect(other.box.textContent).toBe('[x](javascript:alert(1))');
  });

  it('keeps quotes and angle brackets in a link’s URL and label from breaking out', () => {
    const { box } = render('[<img src=x onerror=alert(1)>](https://example.com/"onmouseover="alert)');
    const link = box.querySelector('a');
    expect(link).not.toBeNull();
    expect(link!.getAttributeNames().sort()).toEqual(['href', 'rel', 'target']);
    expect(link!.getAttribute('href')).toBe('https://example.com/%22onmouseover=%22alert');
    expect(link!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(box.querySelector('img')).toBeNull();
  });

  it('makes only the elements and attributes it knows, whatever it is given', () => {
    const hostile = [
      '**<svg onload=alert(1)>**',
      '*<style>body{display:none}</style>*',
      '`<script>alert(1)</script>`',
      '```\n</code></pre><script>alert(1)</script>\n```',
      '- <a href="javascript:alert(1)">list</a>',
      '1. [x](https://ok.test) <b onclick=alert(1)>y</b>',
      '&lt;script&gt; &amp; &#x3C;script&#x3E;',
      'https://example.com/"><script>alert(1)</script>',
      '\u0000<script>\u0000alert(1)</script>',
    ].join('\n\n');
    const { box } = render(hostile);
    for (const entry of inventory(box)) {
      const [tag, ...attrs] = entry.split(' ');
      expect(ALLOWED_TAGS.has(tag!), entry).toBe(true);
      for (const attr of attrs) expect(['href', 'target', 'rel', 'start'], entry).toContain(attr);
    }
    for (const a of Array.from(box.querySelectorAll('a'))) expect(a.getAttribute('href')).toMatch(/^https?:\/\//);
    // Entities are text, not decoded into markup.
    expect(box.textContent).toContain('&lt;script&gt; &amp; &#x3C;script&#x3E;');
  });

  it('accepts only absolute http(s) URLs as link targets', () => {
    expect(safeHref('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(safeHref('HTTP://Example.com')).toBe('http://example.com/');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref(' javascript:alert(1)')).toBeNull();
    expect(safeHref('https:/\\evil')).toBeNull();
    expect(safeHref('mailto:a@b.c')).toBeNull();
    expect(safeHref('https://')).toBeNull();
  });
});

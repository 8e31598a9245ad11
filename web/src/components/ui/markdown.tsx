import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

// Links leave the app in a new tab without handing it `window.opener` or the referrer. Images
// become links: a model's answer must not make the browser fetch a URL it chose (that would
// leak the reader's address and could carry conversation text out in the URL).
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer">
        {alt || src}
      </a>
    ) : (
      <>{alt}</>
    ),
};

const styles = [
  'min-w-0 break-words text-sm leading-relaxed',
  '[&_p]:my-2 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:ps-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:ps-5 [&_li]:my-0.5',
  '[&_a]:text-accent-700 [&_a]:underline dark:[&_a]:text-accent-300',
  '[&_h1]:mt-3 [&_h1]:text-base [&_h1]:font-semibold [&_h2]:mt-3 [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold',
  '[&_code]:rounded [&_code]:bg-zinc-200/70 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em] dark:[&_code]:bg-zinc-700/60',
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-zinc-900 [&_pre]:p-3 [&_pre]:text-zinc-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_blockquote]:my-2 [&_blockquote]:border-s-2 [&_blockquote]:border-zinc-300 [&_blockquote]:ps-3 [&_blockquote]:text-zinc-600 dark:[&_blockquote]:text-zinc-400',
  '[&_table]:my-2 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-zinc-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-zinc-200 [&_th]:px-2 [&_th]:py-1 dark:[&_td]:border-zinc-700 dark:[&_th]:border-zinc-700',
].join(' ');

/**
 * Untrusted Markdown, such as a model's answer (with GitHub's tables, task lists and
 * strikethrough). Raw HTML in it shows as plain text, never as markup, and link targets go through
 * react-markdown's URL filter (no `javascript:`).
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div dir="auto" className={styles}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}

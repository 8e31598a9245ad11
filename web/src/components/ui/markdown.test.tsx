import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '@/components/ui/markdown';

describe('answer markdown', () => {
  it('renders GitHub markdown', () => {
    const { container } = render(<Markdown>{'**bold** and ~~gone~~\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two'}</Markdown>);
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('gone').tagName).toBe('DEL');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(container.querySelectorAll('li')).toHaveLength(2);
  });

  it('shows raw HTML as text, never as markup', () => {
    const { container } = render(<Markdown>{'Hello <img src=x onerror="alert(1)"> <script>alert(2)</script> <b>bold</b>'}</Markdown>);
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(container).toHaveTextContent('<b>bold</b>');
  });

  it('opens links in a new tab without opener or referrer, and drops javascript: links', () => {
    render(<Markdown>{'[docs](https://example.com/docs) [bad](javascript:alert(1))'}</Markdown>);
    const docs = screen.getByRole('link', { name: 'docs' });
    expect(docs).toHaveAttribute('href', 'https://example.com/docs');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('bad').getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('turns images into links so an answer cannot make the browser fetch a URL', () => {
    const { container } = render(<Markdown>{'![chart](https://tracker.example/p.png?q=secret)'}</Markdown>);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'chart' })).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

import type { HelpArticle, HelpBlock, HelpSection } from '@/features/help/content/types';

// Search that forgives case, accents and width: each character is decomposed (NFKD, so
// full-width Ａ is A and ﬁ is fi), lower-cased and stripped of its combining marks, so "resume"
// finds "Résumé", "uber" finds "Über" and "اعدادات" finds "إعدادات". The kana voicing marks
// stay (が is not か), and each character is composed again (NFC), so a Korean syllable stays
// one syllable rather than its letters. Chinese and Japanese have no spaces: a term is found
// anywhere inside the text, in every language.

/** Combining marks, except the kana voicing marks (゛゜), which change the word. */
const MARKS = /(?![\u3099\u309a])\p{M}/gu;

const foldChar = (ch: string) => ch.normalize('NFKD').toLowerCase().replace(MARKS, '').normalize('NFC');

/** A text folded for search, with where each folded UTF-16 unit came from in the original. */
export type Folded = { folded: string; starts: number[]; ends: number[] };

const cache = new Map<string, Folded>();

export function fold(text: string): Folded {
  const hit = cache.get(text);
  if (hit) return hit;
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < text.length; ) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    const f = foldChar(ch);
    for (let k = 0; k < f.length; k++) {
      starts.push(i);
      ends.push(i + ch.length);
    }
    folded += f;
    i += ch.length;
  }
  const out = { folded, starts, ends };
  // The help is a few hundred strings a language: they are folded once.
  if (cache.size > 5000) cache.clear();
  cache.set(text, out);
  return out;
}

/** The terms of a query, folded: every one must be found (in the title or the body). */
export function queryTerms(query: string): string[] {
  return [...new Set(fold(query.trim()).folded.split(/\s+/).filter(Boolean))];
}

/** A text's parts: plain text and code (between backticks). */
export type Segment = { code: boolean; text: string };

export function segments(text: string): Segment[] {
  return text.split('`').map((part, i) => ({ code: i % 2 === 1, text: part })).filter((s) => s.text !== '');
}

/** A text as it reads, without the backticks that mark code. */
export const plain = (text: string) => text.replaceAll('`', '');

const blockTexts = (block: HelpBlock): string[] => (typeof block === 'string' ? [block] : 'steps' in block ? block.steps : block.list);

/** Everything of an article that the search reads: its title and every paragraph, step and point. */
export const articleTexts = (article: HelpArticle): string[] => [article.title, ...article.body.flatMap(blockTexts)].map(plain);

/**
 * Where the terms are in `text`: ranges [start, end) of the original text, sorted, overlaps
 * merged. Each range covers whole characters.
 */
export function matchRanges(text: string, terms: string[]): [number, number][] {
  if (terms.length === 0 || text === '') return [];
  const { folded, starts, ends } = fold(text);
  const found: [number, number][] = [];
  for (const term of terms) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + 1)) {
      found.push([starts[at], ends[at + term.length - 1]]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const r of found) {
    const last = merged.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  return merged;
}

/** Whether every term is somewhere in the article (not necessarily in the same paragraph). */
export function articleMatches(article: HelpArticle, terms: string[]): boolean {
  if (terms.length === 0) return true;
  const all = articleTexts(article)
    .map((t) => fold(t).folded)
    .join('\n');
  return terms.every((term) => all.includes(term));
}

/** The sections with only the articles that match, sections left empty dropped. */
export function filterHelp(sections: HelpSection[], terms: string[]): HelpSection[] {
  if (terms.length === 0) return sections;
  return sections.map((s) => ({ ...s, articles: s.articles.filter((a) => articleMatches(a, terms)) })).filter((s) => s.articles.length > 0);
}

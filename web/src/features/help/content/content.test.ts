import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { loadHelp } from '@/features/help/content/load-help';
import type { HelpBlock, HelpSection } from '@/features/help/content/types';
import { LANGUAGE_CODES } from '@/lib/languages';

const all = Object.fromEntries(await Promise.all(LANGUAGE_CODES.map(async (lng) => [lng, (await loadHelp(lng)).sections] as const)));
const en = all.en;

const shape = (help: HelpSection[]) => help.map((s) => ({ id: s.id, articles: s.articles.map((a) => a.id) }));
const linkTargets = (help: HelpSection[]) => help.flatMap((s) => s.articles.map((a) => ({ id: a.id, links: (a.links ?? []).map((l) => ({ to: l.to, href: l.href, admin: l.admin })) })));
const blockShape = (b: HelpBlock) => (typeof b === 'string' ? 'p' : 'steps' in b ? `steps:${b.steps.length}` : `list:${b.list.length}`);
const texts = (help: HelpSection[]) =>
  help.flatMap((s) => [s.title, ...s.articles.flatMap((a) => [a.title, ...a.body.flatMap((b) => (typeof b === 'string' ? [b] : 'steps' in b ? b.steps : b.list)), ...(a.links ?? []).map((l) => l.label)])]);
const words = (s: string) => s.replace(/`[^`]*`/g, ' ').split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;

describe('help content', () => {
  it('has six sections of several articles in English, each id unique', () => {
    expect(en.map((s) => s.id)).toEqual(['getting-started', 'agents', 'knowledge', 'tools', 'channels', 'faq']);
    for (const s of en) expect(s.articles.length, s.id).toBeGreaterThanOrEqual(4);
    const faq = en.find((s) => s.id === 'faq')!;
    expect(faq.articles.length).toBeGreaterThanOrEqual(8);
    expect(faq.articles.length).toBeLessThanOrEqual(12);
    const ids = en.flatMap((s) => [s.id, ...s.articles.map((a) => a.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    // Ids are anchors: letters, digits and dashes only.
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('links only to routes of the app, or to the API reference the server serves', () => {
    for (const { id, links } of linkTargets(en)) {
      for (const link of links) {
        if (link.href !== undefined) {
          expect(link.href, id).toBe('/api/docs');
          continue;
        }
        const path = link.to!.split('#')[0];
        const matched = matchRoutes(routes, path) ?? [];
        // Every unknown path lands on a not-found route: a real route is a match that is not one.
        expect(matched.at(-1)?.route.path, `${id}: ${link.to}`).not.toMatch(/^\*$|^test$/);
        expect(matched.length, `${id}: ${link.to}`).toBeGreaterThan(0);
        expect(link.admin ?? false, `${id}: ${link.to} goes to the admin area`).toBe(path.startsWith('/admin'));
      }
      expect(new Set(links.map((l) => l.to ?? l.href)).size, id).toBe(links.length);
    }
  });

  for (const lng of LANGUAGE_CODES.filter((l) => l !== 'en')) {
    it(`${lng} has the sections, articles, blocks and links of English, every text written`, () => {
      const help = all[lng];
      expect(shape(help)).toEqual(shape(en));
      expect(linkTargets(help)).toEqual(linkTargets(en));
      const blocks = (h: HelpSection[]) => h.flatMap((s) => s.articles.map((a) => a.body.map(blockShape)));
      expect(blocks(help)).toEqual(blocks(en));
      for (const text of texts(help)) expect(text.trim(), `an empty text in ${lng}`).not.toBe('');
      // Backticks come in pairs, so code never swallows the rest of a text.
      for (const text of texts(help)) expect(text.split('`').length % 2, `${lng}: ${text}`).toBe(1);
      // A sentence left in English is a sentence not translated.
      const english = new Set(texts(en));
      const copied = texts(help).filter((t) => words(t) >= 4 && english.has(t));
      expect(copied, `texts copied from English in ${lng}`).toEqual([]);
    });
  }
});

describe('loadHelp', () => {
  it('loads the language asked for, a regional variant as its language, and English for any other', async () => {
    expect((await loadHelp('fr')).language).toBe('fr');
    expect((await loadHelp('pt-BR')).language).toBe('pt');
    expect((await loadHelp('ZH')).language).toBe('zh');
    const fallback = await loadHelp('tlh');
    expect(fallback.language).toBe('en');
    expect(fallback.sections).toBe(en);
    expect((await loadHelp(undefined)).language).toBe('en');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, NAMESPACES } from '@/lib/languages';

const root = resolve(__dirname, '../../public/locales');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

function load(lang: string, ns: string): Record<string, string> | null {
  try {
    return flatten(JSON.parse(readFileSync(join(root, lang, `${ns}.json`), 'utf8')) as Tree);
  } catch {
    return null;
  }
}

const wordCount = (s: string) => s.replace(/\{\{[^}]*\}\}/g, ' ').split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The keys of a file with plural forms folded: `count_one` and `count_other` become `count`,
 * mapped to the forms the file gives.
 */
function plurals(keys: string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const k of keys) {
    const m = PLURAL.exec(k);
    if (!m) continue;
    const base = k.slice(0, m.index);
    out.set(base, (out.get(base) ?? new Set()).add(m[1]));
  }
  return out;
}

/** The plural forms a language needs (CLDR, as i18next picks them through Intl.PluralRules). */
const formsOf = (lang: string) => new Set(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);

describe('translation files', () => {
  it('has a folder for each of the 12 languages', () => {
    expect(readdirSync(root).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  for (const ns of NAMESPACES) {
    const en = load('en', ns);

    it(`en/${ns}.json exists and parses`, () => {
      expect(en).not.toBeNull();
    });

    it(`en/${ns}.json gives each plural key the forms English needs`, () => {
      for (const [key, forms] of plurals(Object.keys(en ?? {}))) expect([...forms].sort(), `en/${ns}.json: ${key}`).toEqual([...formsOf('en')].sort());
    });

    for (const lang of LANGUAGE_CODES.filter((l) => l !== 'en')) {
      it(`${lang}/${ns}.json has every English key, translated, with the plural forms of ${lang}`, () => {
        const other = load(lang, ns);
        expect(other, `${lang}/${ns}.json is missing or invalid`).not.toBeNull();
        const missing = Object.keys(en ?? {}).filter((k) => !PLURAL.test(k) && (typeof other?.[k] !== 'string' || other[k].trim() === ''));
        expect(missing, `keys missing in ${lang}/${ns}.json`).toEqual([]);
        // A counted key carries exactly the forms the language needs (Arabic six, Russian four,
        // Japanese one…), each translated.
        const ours = plurals(Object.keys(other ?? {}));
        const needed = [...formsOf(lang)].sort();
        for (const key of plurals(Object.keys(en ?? {})).keys()) {
          expect([...(ours.get(key) ?? [])].sort(), `plural forms of ${key} in ${lang}/${ns}.json`).toEqual(needed);
          for (const form of needed) expect(other?.[`${key}_${form}`]?.trim(), `${key}_${form} in ${lang}/${ns}.json`).toBeTruthy();
        }
        const extra = [...ours.keys()].filter((k) => !plurals(Object.keys(en ?? {})).has(k));
        expect(extra, `plural keys of ${lang}/${ns}.json that English does not have`).toEqual([]);
        const untranslated = Object.entries(en ?? {})
          .filter(([k, v]) => wordCount(v) >= 4 && other?.[k] === v)
          .map(([k]) => k);
        expect(untranslated, `sentences copied from English in ${lang}/${ns}.json`).toEqual([]);
      });
    }
  }
});

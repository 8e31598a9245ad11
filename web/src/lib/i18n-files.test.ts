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

describe('translation files', () => {
  it('has a folder for each of the 12 languages', () => {
    expect(readdirSync(root).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  for (const ns of NAMESPACES) {
    const en = load('en', ns);

    it(`en/${ns}.json exists and parses`, () => {
      expect(en).not.toBeNull();
    });

    for (const lang of LANGUAGE_CODES.filter((l) => l !== 'en')) {
      it(`${lang}/${ns}.json has every English key, translated`, () => {
        const other = load(lang, ns);
        expect(other, `${lang}/${ns}.json is missing or invalid`).not.toBeNull();
        const missing = Object.keys(en ?? {}).filter((k) => typeof other?.[k] !== 'string' || other[k].trim() === '');
        expect(missing, `keys missing in ${lang}/${ns}.json`).toEqual([]);
        const untranslated = Object.entries(en ?? {})
          .filter(([k, v]) => wordCount(v) >= 4 && other?.[k] === v)
          .map(([k]) => k);
        expect(untranslated, `sentences copied from English in ${lang}/${ns}.json`).toEqual([]);
      });
    }
  }
});

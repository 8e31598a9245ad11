import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@/lib/languages';
import { chooseLanguage, directionOf, STRINGS, WIDGET_LANGUAGES, widgetLanguage } from './i18n';

describe('the widget’s language', () => {
  it('speaks the app’s 12 languages, every word translated', () => {
    expect([...WIDGET_LANGUAGES].sort()).toEqual([...LANGUAGE_CODES].sort());
    const keys = Object.keys(STRINGS.en).sort();
    for (const lang of WIDGET_LANGUAGES) {
      expect(Object.keys(STRINGS[lang]).sort(), lang).toEqual(keys);
      for (const key of keys) expect(STRINGS[lang][key as keyof typeof STRINGS.en].trim(), `${lang}.${key}`).not.toBe('');
      if (lang === 'en') continue;
      // Sentences are translated (short words such as "Send" may be the same in Danish).
      for (const key of ['error', 'rateLimited', 'unavailable', 'placeholder'] as const) expect(STRINGS[lang][key], `${lang}.${key}`).not.toBe(STRINGS.en[key]);
    }
  });

  it('matches a tag by its primary subtag', () => {
    expect(widgetLanguage('pt-BR')).toBe('pt');
    expect(widgetLanguage('ZH-Hant-TW')).toBe('zh');
    expect(widgetLanguage('ar_EG')).toBe('ar');
    expect(widgetLanguage('nl')).toBeNull();
    expect(widgetLanguage('')).toBeNull();
    expect(widgetLanguage(null)).toBeNull();
  });

  it('prefers the page’s language, then the agent’s, then the browser’s, then English', () => {
    expect(chooseLanguage({ page: 'fr-CA', agent: 'de', browser: ['ja'] })).toBe('fr');
    expect(chooseLanguage({ page: 'nl', agent: 'de', browser: ['ja'] })).toBe('de');
    expect(chooseLanguage({ page: '', agent: 'xx', browser: ['nl-NL', 'ko-KR'] })).toBe('ko');
    expect(chooseLanguage({ page: 'nl', agent: '', browser: ['sv'] })).toBe('en');
    expect(chooseLanguage({})).toBe('en');
  });

  it('writes Arabic right to left', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('zh')).toBe('ltr');
  });
});

/** The 12 languages of the specification, each named in its own tongue. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'zh', name: '中文' },
  { code: 'ja', name: '日本語' },
  { code: 'es', name: 'Español' },
  { code: 'ar', name: 'العربية' },
  { code: 'ko', name: '한국어' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
  { code: 'ru', name: 'Русский' },
  { code: 'pt', name: 'Português' },
  { code: 'da', name: 'Dansk' },
  { code: 'id', name: 'Bahasa Indonesia' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_CODES: LanguageCode[] = LANGUAGES.map((l) => l.code);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);
}

/** The app's language now, as one of the 12 codes (English when it is none of them). */
export function currentLanguage(lng: string | undefined): LanguageCode {
  const code = lng?.slice(0, 2);
  return isLanguageCode(code) ? code : 'en';
}

export const NAMESPACES = ['common', 'home', 'dashboard', 'admin', 'legal', 'landing', 'agents', 'login'] as const;

export const RTL_LANGUAGES = ['ar'];

export function directionOf(lng: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(lng.slice(0, 2)) ? 'rtl' : 'ltr';
}

import type { HelpSection } from '@/features/help/content/types';
import { currentLanguage, type LanguageCode } from '@/lib/languages';

/** Each language's help is a module of its own, fetched the first time it is read. */
const modules: Record<LanguageCode, () => Promise<{ help: HelpSection[] }>> = {
  en: () => import('@/features/help/content/en'),
  zh: () => import('@/features/help/content/zh'),
  ja: () => import('@/features/help/content/ja'),
  es: () => import('@/features/help/content/es'),
  ar: () => import('@/features/help/content/ar'),
  ko: () => import('@/features/help/content/ko'),
  fr: () => import('@/features/help/content/fr'),
  de: () => import('@/features/help/content/de'),
  ru: () => import('@/features/help/content/ru'),
  pt: () => import('@/features/help/content/pt'),
  da: () => import('@/features/help/content/da'),
  id: () => import('@/features/help/content/id'),
};

export type LoadedHelp = { language: LanguageCode; sections: HelpSection[] };

/**
 * The help in `lng` (`pt-BR` reads Portuguese), or in English for a language the app does not
 * have. Only that language's module is downloaded.
 */
export async function loadHelp(lng: string | undefined): Promise<LoadedHelp> {
  const language = currentLanguage(lng?.toLowerCase());
  const { help } = await modules[language]();
  return { language, sections: help };
}

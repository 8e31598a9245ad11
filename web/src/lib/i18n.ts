import i18n, { type InitOptions, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { directionOf, LANGUAGE_CODES, NAMESPACES } from '@/lib/languages';
import { LANGUAGE_KEY } from '@/lib/storage';

/** Translation loader constants of the specification. */
export const LOADER = { maxParallelReads: 10, maxRetries: 5, retryTimeout: 350 } as const;

export const LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

function applyDocumentLanguage(lng: string | undefined): void {
  if (!lng) return;
  document.documentElement.lang = lng;
  document.documentElement.dir = directionOf(lng);
}

export function baseOptions(): InitOptions {
  return {
    fallbackLng: 'en',
    supportedLngs: LANGUAGE_CODES,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    ...LOADER,
    interpolation: { escapeValue: false },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: LANGUAGE_KEY,
      caches: ['localStorage'],
    },
    returnNull: false,
  };
}

i18n.on('languageChanged', applyDocumentLanguage);

/** Browser set-up: files fetched from the server's /locales. */
export function initI18n() {
  return i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({ ...baseOptions(), backend: { loadPath: LOAD_PATH } });
}

/** Test set-up: resources given in memory, same detector and options. */
export function initI18nWithResources(resources: Resource) {
  return i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({ ...baseOptions(), resources, initAsync: false });
}

export { i18n };

import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

/**
 * Gives react-aria-components the app's language (not the browser's): their own words (a
 * combobox's button, a dialog's dismiss button), the direction their popovers and arrow keys
 * follow in Arabic, and how they sort and compare.
 */
export function AriaLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <I18nProvider locale={i18n.language}>{children}</I18nProvider>;
}

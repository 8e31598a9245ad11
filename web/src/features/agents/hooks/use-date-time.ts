import { useTranslation } from 'react-i18next';

/** Formats an instant as a medium date and a short time in the reader's language. */
export function useDateTime() {
  const { i18n } = useTranslation();
  return (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

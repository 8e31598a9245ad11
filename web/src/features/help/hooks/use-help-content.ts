import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { loadHelp } from '@/features/help/content/load-help';
import { currentLanguage } from '@/lib/languages';

/**
 * The help in the app's language. It never changes while the app runs, so it is read once per
 * language; switching language keeps the previous one on screen until the next has loaded.
 */
export function useHelpContent(lng: string | undefined) {
  const language = currentLanguage(lng?.toLowerCase());
  return useQuery({
    queryKey: ['help', language],
    queryFn: () => loadHelp(language),
    staleTime: Infinity,
    gcTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

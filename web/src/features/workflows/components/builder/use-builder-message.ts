import { useTranslation } from 'react-i18next';
import type { KeyOf } from '@/types/i18n-keys';
import { ltr } from '@/features/workflows/components/builder/ltr';

const PREFIX = 'workflowBuilder.validation.';

/**
 * Translates the builder's own check messages (`workflowBuilder.validation.range:1:600` → "Must be
 * between 1 and 600"); any other text (the server's) is shown as it is.
 */
export function useBuilderMessage() {
  const { t } = useTranslation('dashboard');
  return (message: string | undefined | null): string | undefined => {
    if (!message) return undefined;
    if (!message.startsWith(PREFIX)) return message;
    const [key, a, b] = message.split(':');
    // Our own zod messages are keys of this namespace.
    return t(key as KeyOf<'dashboard'>, { min: a, max: b ?? a, example: ltr('{"key": "value"}') });
  };
}

import { useTranslation } from 'react-i18next';
import type { KeyOf } from '@/types/i18n-keys';
import { keyedMessage } from '@/components/graph-builder/keyed-message';
import { ltr } from '@/components/graph-builder/ltr';

const PREFIX = 'workflowBuilder.validation.';

/**
 * Translates the builder's own check messages (`workflowBuilder.validation.range:1:600` → "Must be
 * between 1 and 600"); any other text (the server's) is shown as it is.
 */
export function useBuilderMessage() {
  const { t } = useTranslation('dashboard');
  return (message: string | undefined | null): string | undefined => {
    if (!message) return undefined;
    const own = keyedMessage(message, PREFIX);
    // Our own zod messages are keys of this namespace.
    return own ? t(own.key as KeyOf<'dashboard'>, { min: own.min, max: own.max, example: ltr('{"key": "value"}') }) : message;
  };
}

import { useTranslation } from 'react-i18next';
import { AudioButton } from '@/components/voice/audio-button';
import { fetchMessageAudio } from '@/lib/voice';

/**
 * Play and pause a message's kept audio (a question's recording or a spoken answer), fetched on
 * the first press with the session's token.
 */
export function MessageAudio({ messageId, kind, className }: { messageId: string; kind: 'question' | 'answer'; className?: string }) {
  const { t } = useTranslation();
  return (
    <AudioButton
      load={(signal) => fetchMessageAudio(messageId, signal)}
      label={kind === 'question' ? t('audio.playQuestion') : t('audio.playAnswer')}
      testId="message-audio"
      className={className}
    />
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long the recording has run, as m:ss in the reader's digits. */
export function RecordingClock({ since }: { since: number }) {
  const { t, i18n } = useTranslation('dashboard');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  const two = new Intl.NumberFormat(i18n.language, { minimumIntegerDigits: 2 });
  const one = new Intl.NumberFormat(i18n.language);
  return (
    <span className="font-mono text-sm text-red-600 tabular-nums dark:text-red-400">
      <span className="sr-only">{t('voice.elapsed')} </span>
      <span dir="ltr">
        {one.format(Math.floor(seconds / 60))}:{two.format(seconds % 60)}
      </span>
    </span>
  );
}

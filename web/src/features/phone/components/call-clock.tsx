import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCallDuration } from '@/features/phone/utils/format';

/**
 * A call's length as m:ss: the server's once it is over (`seconds`), else the time since it
 * started (`since`, an instant or the browser's clock), ticking; a dash before it started.
 */
export function CallClock({ since, seconds, running }: { since?: string | number | null; seconds?: number | null; running: boolean }) {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [running]);
  const start = since === null || since === undefined ? null : typeof since === 'number' ? since : new Date(since).getTime();
  const value = seconds ?? (running && start !== null && !Number.isNaN(start) ? Math.max(0, Math.floor((now - start) / 1000)) : null);
  return (
    <span dir="ltr" className="font-mono tabular-nums">
      {formatCallDuration(i18n.language, value) ?? '—'}
    </span>
  );
}

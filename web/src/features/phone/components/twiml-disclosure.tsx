import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The TwiML of the simulator's last answer, as Twilio would get it, folded away until asked for. */
export function TwimlDisclosure({ twiml }: { twiml: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <details className="group rounded-xl border border-zinc-200 dark:border-zinc-800">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-2.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-accent-500/40 [&::-webkit-details-marker]:hidden">
        <ChevronRight aria-hidden className="size-4 shrink-0 transition-transform group-open:rotate-90 rtl:rotate-180 rtl:group-open:rotate-90" />
        {t('phone.simulator.twiml')}
        <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">{t('phone.simulator.twimlHint')}</span>
      </summary>
      {/* Focusable: a long line scrolls, and the keyboard must reach it. */}
      <pre
        dir="ltr"
        tabIndex={0}
        data-testid="sim-twiml"
        aria-label={t('phone.simulator.twiml')}
        className="max-h-72 overflow-auto rounded-b-xl border-t border-zinc-200 bg-zinc-950 p-4 text-left font-mono text-xs leading-relaxed whitespace-pre-wrap break-all text-zinc-100 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-accent-500/60 dark:border-zinc-800 dark:bg-black/50"
      >
        <code>{twiml}</code>
      </pre>
    </details>
  );
}

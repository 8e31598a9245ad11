import { Check, Mic, Square, Volume2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useSpeechVoices, type SpeechVoice } from '@/features/agents/api/agents';
import { isVoice, voiceLabel, voiceValue } from '@/features/agents/utils/voices';
import { stopSpeaking, useSpeak } from '@/lib/speech';

/**
 * The voices to choose from (GET /elevenlabs/voices: the catalogue, then the connected account's
 * own), each with a preview that speaks a sample sentence as the voice screen would: ElevenLabs
 * while the voice provider is on, else the browser's voice.
 */
export function VoicePicker({ value, suggested, agentId, field, error }: { value: string; suggested: string; agentId?: string; field: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation('agents');
  const voices = useSpeechVoices();
  const speak = useSpeak();
  const [previewing, setPreviewing] = useState<string | null>(null);
  // A preview stops with the form.
  useEffect(() => () => stopSpeaking(), []);

  const preview = (v: SpeechVoice) => {
    const key = v.id;
    if (previewing === key) {
      stopSpeaking();
      setPreviewing(null);
      return;
    }
    setPreviewing(key);
    void speak(t('form.voice.sample', { voice: voiceLabel(v) }), { voiceId: voiceValue(v), agentId }).finally(() => setPreviewing((current) => (current === key ? null : current)));
  };

  if (voices.isPending) return <Spinner />;
  if (voices.isError) return <Notice tone="error">{voices.error.message}</Notice>;
  const data = voices.data;
  // "Not available" only means something once an account answered for its voices.
  const accountAnswered = data.enabled && !!data.source && !data.error;
  const groups: Array<[string, SpeechVoice[]]> = [
    [t('form.voice.catalogue'), data.voices.filter((v) => v.source === 'catalogue')],
    [t('form.voice.account'), data.voices.filter((v) => v.source === 'account')],
  ];
  const grouped = groups[1][1].length > 0;
  // An agent naming no voice speaks with the default one: it shows as chosen.
  const chosen = value || data.defaultVoice;

  return (
    <div className="space-y-3">
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{data.enabled ? t('form.voice.previewProvider') : t('form.voice.previewBrowser')}</p>
      {data.error ? <Notice tone="warning">{t('form.voice.voicesError', { message: data.error.message })}</Notice> : null}
      {groups
        .filter(([, list]) => list.length > 0)
        .map(([title, list]) => (
          <div key={title} className="space-y-2">
            {grouped ? <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{title}</h3> : null}
            <div className="grid gap-2 sm:grid-cols-2">
              {list.map((v) => {
                const checked = isVoice(v, chosen);
                const label = voiceLabel(v);
                const unavailable = accountAnswered && !v.available;
                const playing = previewing === v.id;
                return (
                  <div key={v.id} className="relative" data-testid="voice-option">
                    <label
                      className={cn(
                        'relative flex h-full cursor-pointer gap-3 rounded-xl border p-3 pe-12 text-sm transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-500/40',
                        checked ? 'border-accent-500 bg-accent-50/50 dark:border-accent-500/70 dark:bg-accent-500/10' : 'border-zinc-200 hover:border-zinc-300 dark:border-zinc-800 dark:hover:border-zinc-700',
                      )}
                    >
                      <input type="radio" value={voiceValue(v)} checked={checked} className="sr-only" {...field} />
                      <span aria-hidden className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', checked ? 'bg-accent-600 text-white' : 'bg-zinc-100 text-zinc-500 dark:bg-zinc-800')}>
                        {checked ? <Check className="size-4" /> : <Mic className="size-4" />}
                      </span>
                      <span className="min-w-0">
                        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                          <bdi>{label}</bdi>
                          {v.name.toLowerCase() === suggested.toLowerCase() ? (
                            <span className="rounded-full bg-accent-100 px-1.5 py-px text-[11px] font-medium text-accent-700 dark:bg-accent-500/20 dark:text-accent-300">{t('form.voice.suggestedBadge')}</span>
                          ) : null}
                          {unavailable ? (
                            <span title={t('form.voice.unavailableHint')} className="rounded-full bg-amber-100 px-1.5 py-px text-[11px] font-medium text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
                              {t('form.voice.unavailable')}
                            </span>
                          ) : null}
                        </span>
                        {v.description || v.characteristics ? (
                          <span dir="auto" className="block text-start text-zinc-600 dark:text-zinc-400">
                            {v.description || v.characteristics}
                          </span>
                        ) : null}
                        <span dir="auto" className="block text-start text-xs text-zinc-500 dark:text-zinc-400">{[v.gender, v.accent, v.ageRange, v.useCase].filter(Boolean).join(' · ')}</span>
                        {unavailable ? <span className="sr-only">{t('form.voice.unavailableHint')}</span> : null}
                      </span>
                    </label>
                    <button
                      type="button"
                      onClick={() => preview(v)}
                      aria-label={playing ? t('form.voice.stopPreview') : t('form.voice.preview', { voice: label })}
                      title={playing ? t('form.voice.stopPreview') : t('form.voice.preview', { voice: label })}
                      className="absolute end-2 top-2 inline-flex size-8 items-center justify-center rounded-full text-zinc-600 transition hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-accent-500/40 focus-visible:outline-none dark:text-zinc-300 dark:hover:bg-zinc-800"
                    >
                      {playing ? <Square aria-hidden className="size-3.5 fill-current" /> : <Volume2 aria-hidden className="size-4" />}
                    </button>
                  </div>
                );
              })}
            </div>
          </div>
        ))}
      {error ? <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{error}</p> : null}
    </div>
  );
}

import { Square, Volume2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpeechVoices, type Agent } from '@/features/agents/api/agents';
import { Card } from '@/features/agents/components/card';
import { capitalize } from '@/features/agents/utils/messages';
import { isVoice, voiceLabel } from '@/features/agents/utils/voices';
import { stopSpeaking, useSpeak } from '@/lib/speech';

/** The agent's voice by name, with a preview of it (ElevenLabs while the voice provider is on, else the browser's voice). */
function AgentVoice({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const voices = useSpeechVoices();
  const speak = useSpeak();
  const [playing, setPlaying] = useState(false);
  useEffect(() => () => stopSpeaking(), []);
  const value = agent.voice_model_id || voices.data?.defaultVoice || 'rachel';
  const voice = voices.data?.voices.find((v) => isVoice(v, value));
  const name = voice ? voiceLabel(voice) : capitalize(value);
  const toggle = () => {
    if (playing) {
      stopSpeaking();
      return setPlaying(false);
    }
    setPlaying(true);
    void speak(t('form.voice.sample', { voice: name }), { voiceId: value, agentId: agent.id }).finally(() => setPlaying(false));
  };
  const label = playing ? t('form.voice.stopPreview') : t('form.voice.preview', { voice: name });
  return (
    <span className="inline-flex items-center gap-2">
      {`${name} · ${agent.voice_enabled ? t('config.on') : t('config.off')}`}
      <button
        type="button"
        onClick={toggle}
        aria-label={label}
        title={label}
        className="inline-flex size-6 items-center justify-center rounded-full text-zinc-600 transition hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-accent-500/40 focus-visible:outline-none dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        {playing ? <Square aria-hidden className="size-3 fill-current" /> : <Volume2 aria-hidden className="size-3.5" />}
      </button>
    </span>
  );
}

/** The agent's settings at a glance: greeting, language, model, voice, knowledge base, instructions. */
export function Configuration({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const rows: Array<[string, ReactNode]> = [
    [t('form.fields.greeting'), agent.greeting || '—'],
    [t('form.fields.language'), agent.language],
    [t('config.model'), `${agent.model.provider ? t(`providers.${agent.model.provider}`, { defaultValue: agent.model.provider }) : t('providers.server')}${agent.model.model ? ` · ${agent.model.model}` : ''} · T ${agent.model.temperature} · ${agent.model.maxTokens}`],
    [t('config.voice'), <AgentVoice agent={agent} />],
    [t('config.knowledgeBase'), agent.useKnowledgeBase ? t('config.on') : t('config.off')],
  ];
  return (
    <Card id="configuration" title={t('config.title')}>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-zinc-500 dark:text-zinc-400">{k}</dt>
            <dd dir="auto" className="min-w-0 break-words text-start">{v}</dd>
          </div>
        ))}
      </dl>
      {agent.instructions ? (
        <details className="mt-4 rounded-lg bg-zinc-50 p-3 text-sm dark:bg-zinc-800/50">
          <summary className="cursor-pointer font-medium">{t('form.fields.instructions')}</summary>
          <p className="mt-2 whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{agent.instructions}</p>
        </details>
      ) : null}
    </Card>
  );
}


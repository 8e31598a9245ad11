import { Copy, Link2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useShareAgent, type Agent } from '@/features/agents/api/agents';
import { errorMessage, useAgentMessage } from '@/features/agents/utils/messages';
import { toast } from '@/lib/toast';

/** The public link: created on demand, copied, or turned off. */
export function PublicLink({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const share = useShareAgent(agent.id);
  const [url, setUrl] = useState<string | null>(null);
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: t('share.copied'), status: 'success' });
    } catch {
      toast({ title: t('share.copyFailed'), status: 'warning' });
    }
  };
  const setPublic = (on: boolean) =>
    share.mutate(
      { public: on },
      {
        onSuccess: (out) => {
          setUrl(out.url ?? null);
          if (!on) toast({ title: t('share.stopped'), status: 'success' });
        },
        onError: (e) => toast({ title: msg(errorMessage(e)) ?? '', status: 'error' }),
      },
    );
  useEffect(() => {
    // The answer names the link of an agent already shared (asking again keeps the same one).
    if (agent.sharedPublicly) setPublic(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const shared = url !== null || (agent.sharedPublicly && share.isPending);
  return (
    <section aria-labelledby="share-link-title" className="space-y-3">
      <h3 id="share-link-title" className="text-sm font-semibold">
        {t('share.title')}
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('share.body')}</p>
      {shared ? (
        <div className="flex flex-wrap gap-2">
          <label htmlFor="share-url" className="sr-only">
            {t('share.linkLabel')}
          </label>
          <input
            id="share-url"
            readOnly
            value={url ?? ''}
            placeholder={t('share.creating')}
            onFocus={(e) => e.target.select()}
            className="block h-10 min-w-0 flex-1 rounded-lg border border-zinc-300 bg-zinc-50 px-3 text-sm dark:border-zinc-700 dark:bg-zinc-800"
            dir="ltr"
          />
          <Button variant="secondary" disabled={!url} onClick={() => url && void copy(url)}>
            <Copy aria-hidden className="size-4" />
            {t('share.copy')}
          </Button>
          <Button variant="ghost" className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40" disabled={share.isPending} onClick={() => setPublic(false)}>
            {t('share.stop')}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" disabled={share.isPending} onClick={() => setPublic(true)}>
          {share.isPending ? <Spinner className="size-4" /> : <Link2 aria-hidden className="size-4" />}
          {t('share.create')}
        </Button>
      )}
    </section>
  );
}


import { ArrowRight, Bot, Mic, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';

function ProductPreview() {
  const { t } = useTranslation('landing');
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md">
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-accent-500/20 via-violet-500/10 to-transparent blur-2xl" />
      <div className="relative overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-xl dark:border-zinc-800 dark:bg-zinc-900">
        <div className="flex items-center gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
          <span className="flex size-8 items-center justify-center rounded-full bg-accent-600 text-white">
            <Bot className="size-4" />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-semibold">{t('preview.agentName')}</p>
            <p className="flex items-center gap-1.5 text-xs text-emerald-700 dark:text-emerald-400">
              <span className="size-1.5 rounded-full bg-emerald-500" />
              {t('preview.online')}
            </p>
          </div>
        </div>
        <div className="space-y-3 p-4 text-sm">
          <p className="max-w-[85%] rounded-2xl rounded-ss-sm bg-zinc-100 px-3 py-2 dark:bg-zinc-800">{t('preview.greeting')}</p>
          <p className="ms-auto max-w-[85%] rounded-2xl rounded-se-sm bg-accent-600 px-3 py-2 text-white">{t('preview.question')}</p>
          <div className="max-w-[85%] rounded-2xl rounded-ss-sm bg-zinc-100 px-3 py-2 dark:bg-zinc-800">
            <p>{t('preview.answer')}</p>
            <p className="mt-2 inline-flex items-center gap-1 rounded-md bg-white px-2 py-0.5 text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
              {t('preview.tool')}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-2 border-t border-zinc-200 p-3 dark:border-zinc-800">
          <span className="flex-1 rounded-lg bg-zinc-100 px-3 py-2 text-sm text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">{t('preview.placeholder')}</span>
          <span className="flex size-9 items-center justify-center rounded-lg border border-zinc-200 text-zinc-500 dark:border-zinc-700">
            <Mic className="size-4" />
          </span>
          <span className="flex size-9 items-center justify-center rounded-lg bg-accent-600 text-white">
            <Send className="size-4 rtl:-scale-x-100" />
          </span>
        </div>
      </div>
    </div>
  );
}

export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <section className="relative overflow-hidden">
      <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.12),transparent_60%)]" />
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-zinc-200 bg-white px-3 py-1 text-xs font-medium text-zinc-600 shadow-sm dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
            <span className="size-1.5 rounded-full bg-accent-500" />
            {t('hero.badge')}
          </p>
          <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {t('hero.title')} <span className="bg-gradient-to-r from-accent-600 to-violet-500 bg-clip-text text-transparent">{t('hero.titleAccent')}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-zinc-600 dark:text-zinc-400">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/signup" size="lg">
              {t('hero.primaryCta')}
              <ArrowRight aria-hidden className="size-4 rtl:-scale-x-100" />
            </ButtonLink>
            <ButtonLink to="/demo" size="lg" variant="secondary">
              {t('hero.secondaryCta')}
            </ButtonLink>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-zinc-500 dark:text-zinc-400">
            <li>{t('hero.point1')}</li>
            <li>{t('hero.point2')}</li>
            <li>{t('hero.point3')}</li>
          </ul>
        </div>
        <ProductPreview />
      </div>
    </section>
  );
}

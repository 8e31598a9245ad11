import { Braces, Gamepad2, Hash, MessageCircle, Send, Zap, type LucideIcon } from 'lucide-react';
import type { WebhookPlatform } from '@/features/webhooks/api/webhooks';

/** Each platform's mark and colours (readable on white and on zinc-900). */
export const PLATFORM_LOOKS: Record<WebhookPlatform, { icon: LucideIcon; className: string }> = {
  custom: { icon: Braces, className: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-500/10 dark:text-zinc-300 dark:ring-zinc-400/30' },
  slack: { icon: Hash, className: 'bg-fuchsia-50 text-fuchsia-800 ring-fuchsia-600/20 dark:bg-fuchsia-500/10 dark:text-fuchsia-300 dark:ring-fuchsia-400/30' },
  discord: { icon: Gamepad2, className: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-400/30' },
  telegram: { icon: Send, className: 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/30' },
  whatsapp: { icon: MessageCircle, className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30' },
  zapier: { icon: Zap, className: 'bg-orange-50 text-orange-800 ring-orange-600/20 dark:bg-orange-500/10 dark:text-orange-300 dark:ring-orange-400/30' },
};

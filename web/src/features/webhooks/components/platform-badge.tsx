import { cn } from '@/components/ui/cn';
import type { WebhookPlatform } from '@/features/webhooks/api/webhooks';
import { PLATFORM_LOOKS } from '@/features/webhooks/utils/platform-looks';
import { PLATFORM_TITLES } from '@/features/webhooks/utils/platforms';


/** A platform's name with its mark. */
export function PlatformBadge({ platform, className }: { platform: WebhookPlatform; className?: string }) {
  const { icon: Icon, className: look } = PLATFORM_LOOKS[platform];
  return (
    <span data-platform={platform} className={cn('inline-flex items-center gap-1.5 whitespace-nowrap rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset', look, className)}>
      <Icon aria-hidden className="size-3.5 shrink-0" />
      {PLATFORM_TITLES[platform]}
    </span>
  );
}

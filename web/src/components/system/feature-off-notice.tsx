import type { ReactNode } from 'react';
import { AdminConfigurationLink } from '@/components/system/admin-configuration-link';
import { Notice } from '@/components/ui/notice';
import { useAuth } from '@/lib/auth';

/**
 * Says that the administrator turned a feature off (where its controls would be), with a link
 * for admins to Admin › Configuration's feature switches.
 */
export function FeatureOffNotice({ children, linkLabel, className }: { children: ReactNode; linkLabel: string; className?: string }) {
  const { isAdmin } = useAuth();
  return (
    <Notice tone="info" className={className} action={isAdmin ? <AdminConfigurationLink section="features">{linkLabel}</AdminConfigurationLink> : undefined}>
      {children}
    </Notice>
  );
}

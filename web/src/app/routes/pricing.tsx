import { CallToAction } from '@/features/marketing/components/call-to-action';
import { PricingPlans } from '@/features/marketing/components/pricing-plans';

export function PricingRoute() {
  return (
    <>
      <PricingPlans />
      <CallToAction />
    </>
  );
}

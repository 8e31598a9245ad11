import { CallToAction } from '@/features/marketing/components/call-to-action';
import { FeatureGrid } from '@/features/marketing/components/feature-grid';
import { Hero } from '@/features/marketing/components/hero';
import { HowItWorks } from '@/features/marketing/components/how-it-works';

export function LandingRoute() {
  return (
    <>
      <Hero />
      <FeatureGrid />
      <HowItWorks />
      <CallToAction />
    </>
  );
}

import { CallToAction } from '@/features/marketing/components/call-to-action';
import { FeatureGrid } from '@/features/marketing/components/feature-grid';

export function FeaturesRoute() {
  return (
    <>
      <FeatureGrid headingLevel={1} />
      <CallToAction />
    </>
  );
}

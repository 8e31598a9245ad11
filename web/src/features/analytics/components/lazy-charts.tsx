import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '@/components/ui/spinner';

// recharts is large: the charts arrive in a chunk of their own, after the numbers.
const LazyTimeChart = lazy(() => import('@/features/analytics/components/charts').then((m) => ({ default: m.TimeChart })));
const LazyBarsChart = lazy(() => import('@/features/analytics/components/charts').then((m) => ({ default: m.BarsChart })));

function Loading({ height = 'h-64' }: { height?: string }) {
  return (
    <div className={`flex ${height} items-center justify-center`}>
      <Spinner />
    </div>
  );
}

type TimeProps = ComponentProps<typeof LazyTimeChart>;
type BarsProps = ComponentProps<typeof LazyBarsChart>;

export function TimeChart(props: TimeProps) {
  return (
    <Suspense fallback={<Loading height={props.height} />}>
      <LazyTimeChart {...props} />
    </Suspense>
  );
}

export function BarsChart(props: BarsProps) {
  return (
    <Suspense fallback={<Loading height={props.height} />}>
      <LazyBarsChart {...props} />
    </Suspense>
  );
}

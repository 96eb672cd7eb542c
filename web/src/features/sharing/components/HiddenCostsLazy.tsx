// The hidden-costs page as its own chunk: only a viewer of a trip whose owner hides
// costs ever loads it.
import { lazy, Suspense, type ComponentProps } from 'react';

const Page = lazy(() => import('./HiddenCostsTrip'));

export function HiddenCostsTrip(props: ComponentProps<typeof Page>) {
  return (
    <Suspense fallback={<p className="page-message">Loading trip details...</p>}>
      <Page {...props} />
    </Suspense>
  );
}

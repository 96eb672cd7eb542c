// The Flex dates view (a window's costs moved to other dates): a chunk of its own,
// fetched when the view is first opened.
import { lazy } from 'react';

export const FlexDates = lazy(() => import('./FlexDates').then((m) => ({ default: m.FlexDates })));

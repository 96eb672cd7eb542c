// The costs capability: what a window costs. Cost items and their bases, dated prices
// (seasons, weekend rates, quotes) with their freshness and the flex grid, the comparison
// of windows and the search links that check a window's prices. Pure rules over plain
// windows: it imports nothing else of the service, and everything above it may use it.
export * from './domain/cost-items';
export * from './domain/comparison';
export * from './domain/item-pricing';
export * from './domain/search-links';

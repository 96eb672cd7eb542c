// A window's cost items, for the window page.
export { CostItems } from './CostItems';

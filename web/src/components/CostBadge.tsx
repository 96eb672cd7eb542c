// Cost badge (docs/product.md §4): the dollar amount when above 0, otherwise 'Needs attention'.
import { formatMoney } from '../lib/format';

export function CostBadge({ amount, decimals = 2 }: { amount: number; decimals?: number }) {
  if (amount > 0) return <span className="badge badge--cost">{formatMoney(amount, decimals)}</span>;
  return <span className="badge badge--warning">Needs attention</span>;
}

// Cost badge (docs/product.md §4): the amount in its currency when above 0, otherwise 'Needs attention'.
import { formatMoney } from '../lib/format';

export function CostBadge({ amount, currency, decimals }: { amount: number; currency: string; decimals?: number }) {
  if (amount > 0) return <span className="badge badge--cost">{formatMoney(amount, currency, decimals)}</span>;
  return <span className="badge badge--warning">Needs attention</span>;
}

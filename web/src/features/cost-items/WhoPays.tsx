// On each cost item once the trip names its people (issue 40): who paid it and how it is
// split, and for who may edit, "Who pays" opening the split editor (a chunk of its own,
// which takes the focus when it opens).
import { Suspense, useState } from 'react';
import type { CostItem, Trip } from '../../lib/types';
import { namesOf, SplitEditor } from '../shares';

function splitWords(item: CostItem, nameOf: (id: string) => string): string {
  const split = item.split;
  if (!split) return 'split equally among everyone';
  if (split.kind === 'equal') return `split equally among ${(split.among ?? []).map(nameOf).join(', ')}`;
  if (split.kind === 'shares') {
    return `split by shares: ${Object.entries(split.shares)
      .map(([id, weight]) => `${nameOf(id)} ${weight}`)
      .join(', ')}`;
  }
  if (split.kind === 'exact')
    return `split by exact amounts among ${Object.keys(split.amounts).map(nameOf).join(', ')}`;
  return 'split by nights present';
}

export function WhoPays({
  item,
  people,
  ownCost,
  editable,
  save,
}: {
  item: CostItem;
  people: Trip['people'];
  ownCost: number;
  editable: boolean;
  save: (changes: Pick<CostItem, 'paid_by' | 'split'>) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  if (people.length === 0) return null;
  const nameOf = namesOf({ people });
  const payer = item.paid_by ? `Paid by ${nameOf(item.paid_by)}` : item.paid ? 'Paid, payer not named' : 'Not paid yet';
  return (
    <div className="cost-item__who">
      <span className="muted">
        {payer} · {splitWords(item, nameOf)}
      </span>{' '}
      {editable && !open && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setOpen(true)}>
          Who pays <span className="sr-only">{item.name}</span>
        </button>
      )}
      {open && (
        <Suspense fallback={<span className="muted">Loading…</span>}>
          <SplitEditor item={item} people={people} ownCost={ownCost} save={save} close={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

// The split editor (issue 40): what is left to assign of an exact split shows as amounts
// are typed, read in the traveller's locale ("12,50" in fr-FR is twelve and a half), and
// only a split that adds up is saved; the payer and the split go in one save.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AmountLocaleContext } from '../../lib/amountLocale';
import type { CostItem, Trip } from '../../lib/types';
import SplitEditor from './SplitEditor';

const PEOPLE: Trip['people'] = [
  { _id: 'a'.repeat(24), name: 'Ada', user_id: null, settle_currency: null, settle_fx: null },
  { _id: 'b'.repeat(24), name: 'Bo', user_id: null, settle_currency: null, settle_fx: null },
];

const ITEM = {
  _id: 'i'.repeat(24),
  name: 'Dinner',
  currency: 'EUR',
  split: null,
  paid_by: null,
} as unknown as CostItem;

/** What is left to assign, said beside the amounts. */
const remainder = () => screen.getByText(/left to assign|over the item’s cost|add up to the item’s cost/);

function open(save = jest.fn().mockResolvedValue(true)) {
  render(
    <AmountLocaleContext.Provider value="fr-FR">
      <SplitEditor item={ITEM} people={PEOPLE} ownCost={30} save={save} close={() => undefined} />
    </AmountLocaleContext.Provider>,
  );
  return { user: userEvent.setup(), save };
}

describe('the split editor', () => {
  it('when exact amounts are typed in fr-FR, then what is left shows as typed and only a split that adds up is saved', async () => {
    const { user, save } = open();
    await user.selectOptions(screen.getByLabelText('Paid by'), 'Ada');
    await user.selectOptions(screen.getByLabelText('Split'), 'Exact amounts');
    await user.type(screen.getByLabelText('Ada’s amount'), '12,50');
    await waitFor(() => expect(remainder()).toHaveTextContent('€17.50 left to assign'));
    expect(screen.getByRole('button', { name: 'Save split' })).toBeDisabled();
    await user.type(screen.getByLabelText('Bo’s amount'), '20');
    await waitFor(() => expect(remainder()).toHaveTextContent('€2.50 over the item’s cost'));
    await user.clear(screen.getByLabelText('Bo’s amount'));
    await user.type(screen.getByLabelText('Bo’s amount'), '17,5');
    await waitFor(() => expect(remainder()).toHaveTextContent('The amounts add up to the item’s cost.'));
    await user.click(screen.getByRole('button', { name: 'Save split' }));
    expect(save).toHaveBeenCalledWith({
      paid_by: PEOPLE[0]._id,
      split: { kind: 'exact', amounts: { [PEOPLE[0]._id]: 12.5, [PEOPLE[1]._id]: 17.5 } },
    });
  });

  it('when a split among some names no one, then it says so and saves nothing', async () => {
    const { user, save } = open();
    await user.selectOptions(screen.getByLabelText('Split'), 'Equally among some');
    expect(
      screen.getByText('Split equally among at least one person (or leave among out for everyone).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save split' })).toBeDisabled();
    await user.click(screen.getByLabelText('Bo'));
    await user.click(screen.getByRole('button', { name: 'Save split' }));
    expect(save).toHaveBeenCalledWith({ paid_by: null, split: { kind: 'equal', among: [PEOPLE[1]._id] } });
  });
});

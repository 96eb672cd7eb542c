// Who pays what, as typed and as read (docs/adr/0064, 0075): a person's name and a payment's
// note keep every character typed past their limit and say it at the field (nothing is
// cut, nothing is sent); the rates of the balances and payments say their source and day,
// and "over 7 days old" when they are — a payment's against the day it was paid, as the
// server converts it at that day's rate.
import { addDays, TEXT_LIMITS, utcDay } from '@tripcost/shared/domain';
import { screen, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { Trip } from '../../lib/types';
import BalancesPanel from './BalancesPanel';
import PeoplePanel from './PeoplePanel';

const TODAY = utcDay(new Date());
const day = (offset: number) => addDays(TODAY, offset);
const ADA = 'a'.repeat(24);
const BO = 'b'.repeat(24);

function sharedTrip(): Trip {
  const window = instance({ trip_start: `${day(10)}T00:00:00.000Z`, trip_end: `${day(14)}T00:00:00.000Z` });
  return trip({
    currency: 'USD',
    instances: [window],
    committedInstanceId: window._id,
    people: [
      { _id: ADA, name: 'Ada', user_id: null, settle_currency: null, settle_fx: null },
      {
        _id: BO,
        name: 'Bo',
        user_id: null,
        settle_currency: 'EUR',
        settle_fx: { rate: 0.92, date: day(-20), source: 'ECB' },
      },
    ],
  } as Partial<Trip>);
}

const line = (person: string, balance: number, settle: Record<string, unknown>) => ({
  person_id: person,
  paid: 0,
  share: 0,
  balance,
  settle,
});

describe('who pays what: limits said, rates dated', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  function server() {
    api = installFakeApi({
      'GET /api/trips/getaway/:id/balances': () => ({
        body: {
          currency: 'USD',
          settled: false,
          left_out: { not_paid: 0, payer_not_named: 0 },
          transfers: [],
          people: [
            line(ADA, 10, { currency: 'USD', amount: 10, rate: 1, rate_date: null, source: null }),
            line(BO, -10, { currency: 'EUR', amount: -9.2, rate: 0.92, rate_date: day(-20), source: 'ECB' }),
          ],
        },
      }),
      'GET /api/trips/getaway/:id/payments': () => ({
        body: {
          currency: 'USD',
          payments: [
            // Paid a month ago, at that day's published rate: not old for what it converts.
            payment('p1', day(-30), { rate: 1.08, date: day(-31), source: 'ECB' }),
            // Paid yesterday while the rates were out of reach: the bundled ones, two months old.
            payment('p2', day(-1), { rate: 1.1, date: day(-60), source: 'bundled' }),
          ],
        },
      }),
    });
  }

  const payment = (id: string, paidOn: string, fx: { rate: number; date: string; source: string }) => ({
    _id: id.padEnd(24, '0'),
    from: BO,
    to: ADA,
    amount: 10,
    currency: 'EUR',
    fx,
    paid_on: paidOn,
    note: '',
    created_at: `${TODAY}T00:00:00.000Z`,
    trip_amount: 10 * fx.rate,
  });

  it('says each rate with its source and day, and marks the old ones', async () => {
    server();
    renderApp('/', undefined, <BalancesPanel trip={sharedTrip()} />);
    expect(await screen.findByText(`= −€9.20 at 0.92 (ECB, ${day(-20)} · over 7 days old)`)).toBeInTheDocument();
    const payments = await screen.findByRole('list', { name: 'Payments' });
    const [month, yesterday] = within(payments).getAllByRole('listitem');
    expect(month).toHaveTextContent(`= $10.80 at 1.08 (ECB, ${day(-31)})`);
    expect(month).not.toHaveTextContent('old');
    expect(yesterday).toHaveTextContent(`= $11.00 at 1.1 (bundled rates, ${day(-60)} · over 7 days old)`);
  });

  it('keeps a payment’s note typed past its limit whole, says so and records nothing', async () => {
    server();
    const { user } = renderApp('/', undefined, <BalancesPanel trip={sharedTrip()} />);
    await user.click(await screen.findByText('Record a payment'));
    await user.type(screen.getByLabelText('Amount'), '12');
    const note = screen.getByLabelText('Note');
    const long = 'n'.repeat(TEXT_LIMITS.paymentNote + 5);
    await user.click(note);
    await user.paste(long);
    expect(note).toHaveValue(long);
    expect(screen.getByText('Note: at most 200 characters')).toBeInTheDocument();
    expect(screen.getByText('205 of 200 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeDisabled();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('counts a person’s name from 80 % of its limit, keeps what is pasted past it and adds no one', async () => {
    api = installFakeApi({});
    const { user } = renderApp('/', undefined, <PeoplePanel trip={sharedTrip()} />);
    const name = screen.getByLabelText('Name');
    await user.click(name);
    await user.paste('x'.repeat(48));
    expect(screen.getByText('48 of 60 characters')).toBeInTheDocument();
    await user.paste('y'.repeat(20));
    expect(name).toHaveValue(`${'x'.repeat(48)}${'y'.repeat(20)}`);
    expect(screen.getByText('A person’s name: at most 60 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add person' })).toBeDisabled();
    expect(api.calls).toEqual([]);
  });
});

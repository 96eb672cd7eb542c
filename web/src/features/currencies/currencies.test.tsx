// Prices in any currency, as a traveller sees them: every amount in its own currency with
// that currency's digits, a currency picker that offers the usual ones first and finds the
// rest, a foreign item's two amounts and its frozen rate, and "Re-price at today's rates"
// (one request; its answer is what the page shows, nothing refetched).
import { addDays, utcDay } from '@tripcost/shared/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { costItem, instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { AppStore } from '../../app/store';
import { formatMoney, signedMoney } from '../../lib/format';
import type { CostItem, Instance, Trip } from '../../lib/types';
import { CurrencyPicker } from './CurrencyPicker';
import { currencyOptions, optionLabel, POPULAR_CURRENCIES } from './options';
import { foreignItemLine, fxEffectWording, repriceWording } from './wording';
import { TripSettings } from '../trips/components/TripSettings';

const CURRENCIES = [
  { code: 'AED', name: 'UAE Dirham', symbol: 'AED', digits: 2, rated: false },
  { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', digits: 2, rated: true },
  { code: 'EUR', name: 'Euro', symbol: '€', digits: 2, rated: true },
  { code: 'GBP', name: 'British Pound', symbol: '£', digits: 2, rated: true },
  { code: 'JPY', name: 'Japanese Yen', symbol: '¥', digits: 0, rated: true },
  { code: 'KES', name: 'Kenyan Shilling', symbol: 'KES', digits: 2, rated: false },
  { code: 'KWD', name: 'Kuwaiti Dinar', symbol: 'KWD', digits: 3, rated: false },
  { code: 'USD', name: 'US Dollar', symbol: '$', digits: 2, rated: true },
  { code: 'XOF', name: 'West African CFA Franc', symbol: 'F CFA', digits: 0, rated: false },
];

describe('amounts in their currency', () => {
  it('shows USD exactly as before, and EUR, GBP, JPY and KWD with their own symbols and digits', () => {
    expect(formatMoney(1234, 'USD')).toBe('$1,234.00');
    expect(formatMoney(0.5, 'USD')).toBe('$0.50');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(99.99, 'GBP')).toBe('£99.99');
    // No decimals for the yen, three for the Kuwaiti dinar (ISO 4217 minor units).
    expect(formatMoney(15000, 'JPY')).toBe('¥15,000');
    expect(formatMoney(12.345, 'KWD')).toBe('KWD\u00a012.345');
    // A chart axis asks for whole amounts.
    expect(formatMoney(2500, 'EUR', 0)).toBe('€2,500');
  });

  it('signs a change of an amount with a true minus sign', () => {
    expect(signedMoney(12.4, 'EUR')).toBe('+€12.40');
    expect(signedMoney(-3.1, 'GBP')).toBe('\u2212£3.10');
    expect(signedMoney(0, 'JPY')).toBe('¥0');
  });

  it('words a foreign item, the exchange-rate effect and a re-price', () => {
    const fx = { rate: 1.0842, date: '2026-11-20', source: 'ecb', first_rate: 1.0842 };
    // A rate up to 7 days old is said as it is; older, it is marked as old (the core's isOldRate).
    const today = '2026-11-27';
    expect(foreignItemLine({ ownCost: 120, itemCurrency: 'EUR', cost: 130.1, tripCurrency: 'USD', fx, today })).toBe(
      '€120.00 → $130.10 at 1.0842 (ECB, 2026-11-20)',
    );
    expect(
      foreignItemLine({ ownCost: 120, itemCurrency: 'EUR', cost: 130.1, tripCurrency: 'USD', fx, today: '2026-11-28' }),
    ).toBe('€120.00 → $130.10 at 1.0842 (ECB, 2026-11-20 · over 7 days old)');
    expect(
      foreignItemLine({
        ownCost: 15000,
        itemCurrency: 'JPY',
        cost: 80.55,
        tripCurrency: 'GBP',
        fx: { ...fx, rate: 0.00537, source: 'bundled', date: '2026-09-29' },
        today,
      }),
    ).toBe('¥15,000 → £80.55 at 0.00537 (bundled rates, 2026-09-29 · over 7 days old)');
    expect(
      foreignItemLine({
        ownCost: 10,
        itemCurrency: 'KWD',
        cost: 25.01,
        tripCurrency: 'GBP',
        fx: { ...fx, rate: 2.501, source: 'manual' },
        today,
      }),
    ).toBe('KWD\u00a010.000 → £25.01 at 2.501 (your rate, 2026-11-20)');
    // A cross rate computed from two published ones reads to 6 significant digits.
    expect(
      foreignItemLine({
        ownCost: 216,
        itemCurrency: 'USD',
        cost: 170,
        tripCurrency: 'GBP',
        fx: { ...fx, rate: 0.85 / 1.08 },
        today,
      }),
    ).toBe('$216.00 → £170.00 at 0.787037 (ECB, 2026-11-20)');
    expect(fxEffectWording(12.4, 'EUR')).toBe('+€12.40 from exchange rates');
    expect(fxEffectWording(0, 'EUR')).toBeNull();
    expect(repriceWording(12.4, 3.1, 'EUR')).toBe('Exchange rates: +€12.40 → +€3.10');
  });
});

describe('the currency picker', () => {
  it('offers the ten most used currencies first, in their order, then every other one by code', () => {
    const { popular, others } = currencyOptions(undefined, '', 'USD');
    expect(popular.map((option) => option.code)).toEqual([...POPULAR_CURRENCIES]);
    const codes = others.map((option) => option.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toContain('KWD');
    expect(codes).not.toContain('EUR'); // offered once, among the most used
  });

  it('narrows both groups by code or name, and keeps the chosen currency offered', () => {
    const franc = currencyOptions(CURRENCIES, 'franc', 'GBP');
    expect(franc.popular.map((o) => o.code)).toEqual(['GBP', 'CHF']);
    expect(franc.others.map((o) => o.code)).toEqual(['XOF']);
    expect(currencyOptions(CURRENCIES, 'yen', 'USD').popular.map((o) => o.code)).toEqual(['USD', 'JPY']);
    expect(currencyOptions(CURRENCIES, 'kw', 'EUR').others.map((o) => o.code)).toEqual(['KWD']);
    expect(optionLabel(CURRENCIES[5])).toBe('KES — Kenyan Shilling (no published rate)');
    expect(optionLabel(CURRENCIES[2])).toBe('EUR — Euro');
  });

  function Picked() {
    const [code, setCode] = useState('USD');
    return (
      <>
        <CurrencyPicker label="Trip currency" value={code} onChange={setCode} />
        <output aria-label="Chosen">{code}</output>
      </>
    );
  }

  it('is a labelled select with the server’s list; typing finds a currency and Enter picks it', async () => {
    const api: FakeApi = installFakeApi({ 'GET /api/fx/currencies': () => ({ body: CURRENCIES }) });
    try {
      const { user } = renderApp('/', undefined, <Picked />);
      const select = screen.getByLabelText('Trip currency');
      await screen.findByRole('option', { name: 'KES — Kenyan Shilling (no published rate)' });
      const groups = within(select).getAllByRole('group');
      expect(groups.map((group) => group.getAttribute('label'))).toEqual(['Most used', 'All currencies']);
      await user.type(screen.getByRole('searchbox', { name: 'Find a currency' }), 'dinar{Enter}');
      expect(screen.getByLabelText('Chosen')).toHaveTextContent('KWD');
      expect(select).toHaveValue('KWD');
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['KWD — Kuwaiti Dinar (no published rate)']);
      await user.selectOptions(select, 'KWD');
      expect(api.callsTo('GET', '/api/fx/currencies')).toHaveLength(1);
    } finally {
      api.restore();
    }
  });
});

const TODAY = utcDay(new Date());
const TEN_DAYS_AGO = addDays(TODAY, -10);

const hotel = (rate: number, first = 1.0842): CostItem =>
  costItem({
    name: 'Hotel',
    category: 'stay',
    amount: 120,
    basis: 'total',
    currency: 'EUR',
    // The first rate was taken ten days ago (old); a re-price takes today's.
    fx: { rate, date: rate === first ? TEN_DAYS_AGO : TODAY, source: 'ecb', first_rate: first },
  });

describe('a foreign item and re-pricing', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  async function settled(store: AppStore) {
    await waitFor(() => {
      const { queries, mutations } = store.getState().api;
      expect(Object.values(mutations).filter((m) => m?.status === 'pending')).toEqual([]);
      expect(Object.values(queries).filter((q) => q?.status === 'pending')).toEqual([]);
    });
  }

  function server() {
    const window: Instance = instance({
      trip_start: '2030-03-01T00:00:00.000Z',
      trip_end: '2030-03-05T00:00:00.000Z',
      nights: 4,
      stay_expense: 130.1,
      total_cost: 130.1,
      items: [hotel(1.0842)],
    });
    let stored: Trip = trip({ version: 3, currency: 'USD', instances: [window] });
    api = installFakeApi({
      'GET /api/trips/getaway/:id/instances/:instanceId': () => ({
        body: { trip: stored, instance: stored.instances[0] },
      }),
      'GET /api/trips/getaway/:id': () => ({ body: stored }),
      'GET /api/fx/currencies': () => ({ body: CURRENCIES }),
      'POST /api/trips/getaway/:id/instances/:instanceId/reprice': () => {
        const before = stored.instances[0];
        // Today's rate is higher: the hotel costs $3.00 more, all of it from exchange rates.
        const after: Instance = {
          ...before,
          items: [hotel(1.1092)],
          stay_expense: 133.1,
          total_cost: 133.1,
          fx_effect: 3,
        };
        stored = { ...stored, version: 4, instances: [after] };
        return {
          body: {
            trip: stored,
            windows: [
              {
                instance_id: before._id,
                fx_effect_before: 0,
                fx_effect_after: 3,
                total_cost_before: 130.1,
                total_cost_after: 133.1,
              },
            ],
            fx_effect_before: 0,
            fx_effect_after: 0,
          },
        };
      },
    });
    return { window, stored };
  }

  it('shows both amounts and the rate (marked old after a week), and a re-price is one request whose answer the page shows', async () => {
    const { window, stored } = server();
    const { user, store } = renderApp(`/trips/${stored._id}/instances/${window._id}`);
    expect(
      await screen.findByText(`€120.00 → $130.10 at 1.0842 (ECB, ${TEN_DAYS_AGO} · over 7 days old)`),
    ).toBeInTheDocument();
    await settled(store);
    // The re-price control's code arrives with it (its own chunk): wait for it before counting calls.
    const reprice = await screen.findByRole('button', { name: 'Re-price at today’s rates' });
    // So does the weather's (its own chunk too), which then asks for the window's weather.
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/weather/windows')).toBe(true));
    await settled(store);
    const before = api.calls.length;
    await user.click(reprice);
    expect(await screen.findByText('Exchange rates: $0.00 → +$3.00')).toBeInTheDocument();
    // The answer reaches the cache, and so the item's line, a render after the message.
    expect(await screen.findByText(`€120.00 → $133.10 at 1.1092 (ECB, ${TODAY})`)).toBeInTheDocument();
    expect(await screen.findByText(/\+\$3\.00 from exchange rates/)).toBeInTheDocument();
    await settled(store);
    // Written into the cache from the answer: no GET of the trip or the window follows.
    expect(api.calls.slice(before).map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST /api/trips/getaway/${stored._id}/instances/${window._id}/reprice`,
    ]);
  });

  it('adds an item in another currency with a rate of the traveller’s own, in one request', async () => {
    const { window, stored } = server();
    let sent: unknown;
    api.restore();
    api = installFakeApi({
      'GET /api/trips/getaway/:id/instances/:instanceId': () => ({ body: { trip: stored, instance: window } }),
      'GET /api/fx/currencies': () => ({ body: CURRENCIES }),
      'POST /api/trips/getaway/:id/instances/:instanceId/items': (req) => {
        sent = req.body;
        return { status: 503, body: { msg: 'Exchange rates are unavailable right now: nothing was saved.' } };
      },
    });
    const { user } = renderApp(`/trips/${stored._id}/instances/${window._id}`);
    await user.click(await screen.findByRole('button', { name: '+ Add other item' }));
    const form = screen.getByRole('form', { name: 'Add other item' });
    await user.type(within(form).getByLabelText('Item name'), 'Safari');
    await within(form).findByRole('option', { name: 'KES — Kenyan Shilling (no published rate)' });
    await user.selectOptions(within(form).getByLabelText('Currency'), 'KES');
    // A currency without a published rate needs one of the traveller's own.
    const rate = within(form).getByLabelText('Rate: USD per 1 KES');
    expect(rate).toBeRequired();
    const amount = within(form).getByLabelText('Amount');
    await user.type(amount, '20000');
    expect(amount).toHaveAccessibleDescription(/^= KES\s20,000\.00$/);
    expect(within(form).getByRole('button', { name: /^Add/ })).toBeDisabled();
    await user.type(rate, '0.0077');
    expect(rate).toHaveAccessibleDescription(/= 0\.0077 USD per 1 KES$/);
    expect(within(form).getByLabelText('Item cost')).toHaveTextContent('= KES 20,000.00 → $154.00');
    await user.click(within(form).getByRole('button', { name: /^Add/ }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Exchange rates are unavailable right now: nothing was saved.',
    );
    expect(sent).toMatchObject({ name: 'Safari', amount: 20000, currency: 'KES', fx: { rate: 0.0077 } });
    expect(api.callsTo('POST', `/api/trips/getaway/${stored._id}/instances/${window._id}/items`)).toHaveLength(1);
  });

  it('types yen amounts in whole units', async () => {
    const { window, stored } = server();
    const { user } = renderApp(`/trips/${stored._id}/instances/${window._id}`);
    await user.click(await screen.findByRole('button', { name: '+ Add car item' }));
    const form = screen.getByRole('form', { name: 'Add car item' });
    await user.selectOptions(within(form).getByLabelText('Currency'), 'JPY');
    const amount = within(form).getByLabelText('Amount');
    await user.type(amount, '1500.5');
    expect(amount).toBeInvalid();
    expect(amount).toHaveAccessibleDescription('JPY amounts have no decimals.');
    await user.clear(amount);
    await user.type(amount, '1,500');
    expect(amount).toBeValid();
    expect(amount).toHaveAccessibleDescription('= ¥1,500');
    expect(within(form).getByLabelText('Rate: USD per 1 JPY')).not.toBeRequired();
  });
});

describe('the trip currency', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  // Today's rates as the rates service answers offline: the bundled snapshot, ten days old.
  const RATES = { base: 'EUR', date: TEN_DAYS_AGO, source: 'bundled', stale: true, rates: { USD: 1.08, JPY: 161 } };

  it('shows what a change converts and at which rate before it is made, and what the server did after', async () => {
    const may = instance({ label: 'May week', stay_expense: 400, items: [] });
    const june = instance({ label: 'June week', items: [hotel(1.0842)] });
    const shown = trip({ version: 2, currency: 'USD', budget: 1000, instances: [may, june] });
    api = installFakeApi({
      'GET /api/fx/currencies': () => ({ body: CURRENCIES }),
      'GET /api/fx/rates': () => ({ body: RATES }),
      'PUT /api/trips/getaway/:id': () => ({
        body: {
          ...shown,
          currency: 'EUR',
          // The rate the server converted at (the rates moved since the preview).
          currency_change: { from: 'USD', to: 'EUR', rate: 0.93, date: TODAY, source: 'ECB' },
          budget: 930,
          version: 3,
          instances: [
            { ...may, stay_expense: 370.37 },
            { ...june, items: [{ ...hotel(1.0842), fx: null }] },
          ],
        },
      }),
    });
    const { user } = renderApp('/', undefined, <TripSettings trip={shown} />);
    await user.selectOptions(await screen.findByLabelText('Trip currency'), 'EUR');
    const preview = await screen.findByRole('region', { name: 'Change the trip currency to EUR' });
    // Nothing is sent until the traveller confirms.
    expect(api.callsTo('PUT', `/api/trips/getaway/${shown._id}`)).toHaveLength(0);
    const row = (region: HTMLElement, what: string) =>
      within(region).getByRole('rowheader', { name: what }).closest('tr')!;
    const old = `(bundled rates, ${TEN_DAYS_AGO} · over 7 days old)`;
    await waitFor(() =>
      expect(row(preview, 'Budget')).toHaveTextContent(`$1,000.00 → €925.93none (in USD)1 USD = 0.925926 EUR ${old}`),
    );
    expect(row(preview, 'May week · Stay')).toHaveTextContent('$400.00 → €370.37');
    expect(row(preview, 'June week · Hotel (€120.00)')).toHaveTextContent(
      `kept in its own currency1 EUR = 1.0842 USD (ECB, ${TEN_DAYS_AGO} · over 7 days old)none (in EUR)`,
    );
    await user.click(within(preview).getByRole('button', { name: 'Change to EUR' }));
    const done = await screen.findByRole('region', { name: 'Trip currency changed to EUR' });
    // After: the server's amounts and the rate it converted at, not the preview's.
    expect(row(done, 'Budget')).toHaveTextContent(`$1,000.00 → €930.00none (in USD)1 USD = 0.93 EUR (ECB, ${TODAY})`);
    expect(row(done, 'May week · Stay')).toHaveTextContent('$400.00 → €370.37');
    expect(api.callsTo('PUT', `/api/trips/getaway/${shown._id}`).map((put) => put.body)).toEqual([{ currency: 'EUR' }]);
  });

  it('changes with one PUT once confirmed; when rates are down the server’s message shows and the currency stays', async () => {
    const shown = trip({ version: 2, currency: 'USD', budget: 1000 });
    let down = true;
    api = installFakeApi({
      'GET /api/fx/currencies': () => ({ body: CURRENCIES }),
      'GET /api/fx/rates': () => ({ body: RATES }),
      'PUT /api/trips/getaway/:id': (req) =>
        down
          ? { status: 503, body: { msg: 'Exchange rates are unavailable right now: the currency was not changed.' } }
          : { body: { ...shown, ...(req.body as object), budget: 922.34, version: 3 } },
    });
    const { user } = renderApp('/', undefined, <TripSettings trip={shown} />);
    const picker = await screen.findByLabelText('Trip currency');
    expect(screen.getByText(/amounts held in USD are converted at today’s rate/)).toBeInTheDocument();
    expect(screen.getByLabelText('Budget ($)')).toHaveValue('1000');
    await user.selectOptions(picker, 'EUR');
    await user.click(await screen.findByRole('button', { name: 'Change to EUR' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Exchange rates are unavailable right now: the currency was not changed.',
    );
    expect(picker).toHaveValue('USD');
    down = false;
    await user.selectOptions(picker, 'JPY');
    await user.click(await screen.findByRole('button', { name: 'Change to JPY' }));
    await screen.findByText('Saved');
    const puts = api.callsTo('PUT', `/api/trips/getaway/${shown._id}`);
    expect(puts.map((put) => put.body)).toEqual([{ currency: 'EUR' }, { currency: 'JPY' }]);
  });

  it('when the traveller keeps the currency, then nothing is sent', async () => {
    const shown = trip({ version: 2, currency: 'USD', budget: 1000 });
    api = installFakeApi({
      'GET /api/fx/currencies': () => ({ body: CURRENCIES }),
      'GET /api/fx/rates': () => ({ body: RATES }),
    });
    const { user } = renderApp('/', undefined, <TripSettings trip={shown} />);
    await user.selectOptions(await screen.findByLabelText('Trip currency'), 'EUR');
    await user.click(await screen.findByRole('button', { name: 'Keep USD' }));
    expect(screen.getByLabelText('Trip currency')).toHaveValue('USD');
    expect(screen.queryByRole('region', { name: /Change the trip currency/ })).not.toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/trips/getaway/${shown._id}`)).toHaveLength(0);
  });
});

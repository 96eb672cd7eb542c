// A money field reads what is typed or pasted as the traveller meant it in their locale
// (the core's readAmountText): it shows what it understood before anything is saved,
// refuses what is not an amount with the reader's words, and hands its form the amount
// as a plain decimal — never "12,50" as 1,250 or "12.5e5" as 12.55.
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AmountLocaleContext } from '../lib/amountLocale';
import { MoneyInput, shownAmount } from './MoneyInput';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

/** A form with one money field in `locale`: what the form holds shows in `Held`, what it submits goes to `onSubmit`. */
function AmountForm({
  locale,
  currency = 'EUR',
  initial = '',
  onSubmit = () => undefined,
}: {
  locale: string;
  currency?: string;
  initial?: string;
  onSubmit?: (amount: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <AmountLocaleContext.Provider value={locale}>
      <form
        aria-label="Booking"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(value);
        }}
      >
        <label htmlFor="stay">Stay</label>
        <MoneyInput id="stay" currency={currency} value={value} onChange={setValue} />
        <output aria-label="Held">{value}</output>
        <button type="submit">Save</button>
      </form>
    </AmountLocaleContext.Provider>
  );
}

const field = () => screen.getByLabelText('Stay') as HTMLInputElement;
const held = () => screen.getByLabelText('Held').textContent;
/** What the field says it understood: the visible preview beside it. */
const preview = () => document.querySelector('.money-input__preview')!.textContent;

// [locale, currency, typed, preview, what the form gets]
const READ: [string, string, string, string, string][] = [
  ['en-US', 'USD', '420', '= $420.00', '420'],
  ['en-US', 'EUR', '12.50', '= €12.50', '12.5'],
  ['en-US', 'EUR', '12,50', '= €12.50', '12.5'],
  ['en-US', 'USD', '1,234', '= $1,234.00', '1234'],
  ['en-US', 'USD', '$1,234.50', '= $1,234.50', '1234.5'],
  ['en-US', 'USD', '1,234,567.8', '= $1,234,567.80', '1234567.8'],
  ['fr-FR', 'EUR', '12,50', '= €12.50', '12.5'],
  ['fr-FR', 'EUR', '45,90', '= €45.90', '45.9'],
  ['fr-FR', 'EUR', `1${NNBSP}234,50`, '= €1,234.50', '1234.5'],
  ['fr-FR', 'EUR', `1${NBSP}234,50${NBSP}€`, '= €1,234.50', '1234.5'],
  ['fr-FR', 'EUR', '1 234,5 €', '= €1,234.50', '1234.5'],
  ['fr-FR', 'EUR', '1.234,50', '= €1,234.50', '1234.5'],
  ['fr-FR', 'EUR', '0,5', '= €0.50', '0.5'],
  ['de-CH', 'CHF', "1'234.50", `= CHF${NBSP}1,234.50`, '1234.5'],
  ['de-CH', 'CHF', '1’234.50', `= CHF${NBSP}1,234.50`, '1234.5'],
  ['de-CH', 'CHF', 'CHF 12.50', `= CHF${NBSP}12.50`, '12.5'],
  ['de-CH', 'CHF', '12,50', `= CHF${NBSP}12.50`, '12.5'],
  ['de-CH', 'CHF', '0', `= CHF${NBSP}0.00`, '0'],
];

// [locale, currency, typed, the reader's message at the field]
const REFUSED: [string, string, string, string][] = [
  ['en-US', 'EUR', '12.5e5', '“12.5e5” is not an amount. Type it like 12.50.'],
  ['en-US', 'USD', '12.5.0', '“12.5.0” is not an amount. Type it like 12.50.'],
  ['en-US', 'USD', '12.555', 'Use at most 2 decimals here.'],
  ['en-US', 'USD', '-20', 'The amount cannot be negative.'],
  ['en-US', 'EUR', '$20', 'This amount is in EUR: type it in EUR, or add it as a cost item in its own currency.'],
  ['fr-FR', 'EUR', '12,5e5', '“12,5e5” is not an amount. Type it like 12,50.'],
  ['fr-FR', 'EUR', '1,2,3', '“1,2,3” is not an amount. Type it like 12,50.'],
  ['fr-FR', 'EUR', '1,234', 'Use at most 2 decimals here.'],
  ['fr-FR', 'EUR', '- 5 €', 'The amount cannot be negative.'],
  ['fr-FR', 'EUR', '20 USD', 'This amount is in EUR: type it in EUR, or add it as a cost item in its own currency.'],
  ['de-CH', 'CHF', '12.5E5', '“12.5E5” is not an amount. Type it like 12.50.'],
  ['de-CH', 'CHF', "1'2'3.50", "“1'2'3.50” is not an amount. Type it like 12.50."],
  ['de-CH', 'CHF', '12.505', 'Use at most 2 decimals here.'],
  ['de-CH', 'CHF', '-12.50', 'The amount cannot be negative.'],
  ['de-CH', 'CHF', '€12.50', 'This amount is in CHF: type it in CHF, or add it as a cost item in its own currency.'],
];

describe('a money field', () => {
  it.each(READ)(
    'in %s (%s), typed "%s" reads as %s and the form gets %s',
    async (locale, currency, typed, said, got) => {
      const user = userEvent.setup();
      render(<AmountForm locale={locale} currency={currency} />);
      await user.type(field(), typed);
      expect(field()).toHaveValue(typed);
      expect(preview()).toBe(said);
      expect(field()).toHaveAccessibleDescription(said);
      expect(held()).toBe(got);
      expect(field()).toBeValid();
    },
  );

  it.each(READ)(
    'in %s (%s), pasted "%s" reads as %s and the form gets %s',
    async (locale, currency, pasted, said, got) => {
      const user = userEvent.setup();
      render(<AmountForm locale={locale} currency={currency} />);
      field().focus();
      await user.paste(pasted);
      expect(preview()).toBe(said);
      expect(held()).toBe(got);
    },
  );

  it.each(REFUSED)('in %s (%s), "%s" is refused at the field: %s', (locale, currency, typed, msg) => {
    const onSubmit = jest.fn();
    render(<AmountForm locale={locale} currency={currency} initial="30" onSubmit={onSubmit} />);
    fireEvent.change(field(), { target: { value: typed } });
    expect(screen.getByRole('alert')).toHaveTextContent(msg);
    expect(field()).toBeInvalid();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(msg);
    expect(field().validationMessage).toBe(msg);
    // Nothing understood, nothing handed on, and the form does not submit.
    expect(preview()).toBe('');
    expect(held()).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('when a refused amount is corrected, then the form submits the amount read', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<AmountForm locale="fr-FR" onSubmit={onSubmit} />);
    await user.type(field(), '12.5e5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(field(), '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(field());
    await user.type(field(), '12,50{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field()).toBeValid();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('12.5');
  });

  it('when emptied, then it hands the form nothing and says nothing (empty keeps the field’s meaning)', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<AmountForm locale="en-US" initial="40" onSubmit={onSubmit} />);
    expect(field()).toHaveValue('40');
    await user.clear(field());
    expect(held()).toBe('');
    expect(preview()).toBe('');
    expect(field()).toBeValid();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith('');
  });

  it('is a text field with a decimal keypad, its preview announced politely', () => {
    render(<AmountForm locale="en-US" />);
    expect(field()).toHaveAttribute('type', 'text');
    expect(field()).toHaveAttribute('inputmode', 'decimal');
    expect(document.querySelector('.money-input__preview')).toHaveAttribute('aria-live', 'polite');
  });

  it('shows the amount the form holds with the locale’s decimal mark, which reads back as the same amount', () => {
    render(<AmountForm locale="fr-FR" initial="1234.5" />);
    expect(field()).toHaveValue('1234,5');
    expect(shownAmount('1.234', 'de-DE')).toBe('1,234');
    expect(shownAmount('1.234', 'en-US')).toBe('1.234');
    expect(shownAmount('12.5', 'de-CH')).toBe('12.5');
    expect(shownAmount('', 'fr-FR')).toBe('');
  });

  it('takes whole yen only, and a rate to 6 decimals above 0', () => {
    const { unmount } = render(<AmountForm locale="en-US" currency="JPY" />);
    fireEvent.change(field(), { target: { value: '1,500' } });
    expect(preview()).toBe('= ¥1,500');
    fireEvent.change(field(), { target: { value: '1500.5' } });
    expect(screen.getByRole('alert')).toHaveTextContent('JPY amounts have no decimals.');
    unmount();
    function Rate() {
      const [value, setValue] = useState('');
      return (
        <AmountLocaleContext.Provider value="fr-FR">
          <label htmlFor="rate">Rate</label>
          <MoneyInput id="rate" currency="USD" digits={6} allowZero={false} value={value} onChange={setValue} />
          <output aria-label="Held">{value}</output>
        </AmountLocaleContext.Provider>
      );
    }
    render(<Rate />);
    const rate = screen.getByLabelText('Rate');
    fireEvent.change(rate, { target: { value: '0,000077' } });
    expect(held()).toBe('0.000077');
    fireEvent.change(rate, { target: { value: '0' } });
    expect(screen.getByRole('alert')).toHaveTextContent('The amount must be above 0.');
    fireEvent.change(rate, { target: { value: '1,0000001' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Use at most 6 decimals here.');
  });
});

describe('a money field typed in before the reader arrived', () => {
  // A fresh copy of the app's modules, taken as this block is collected (Testing Library
  // registers its cleanup then): the reader is not loaded yet, as on a page that just opened.
  type Fresh = {
    React: typeof import('react');
    rtl: typeof import('@testing-library/react');
    money: typeof import('./MoneyInput');
    amountLocale: typeof import('../lib/amountLocale');
  };
  let fresh!: Fresh;
  jest.isolateModules(() => {
    fresh = {
      React: jest.requireActual('react'),
      rtl: jest.requireActual('@testing-library/react'),
      money: jest.requireActual('./MoneyInput'),
      amountLocale: jest.requireActual('../lib/amountLocale'),
    };
  });

  it('when an amount is typed as the page opens, then the form cannot send it yet, and once the reader is there it shows what it understood and the form holds it', async () => {
    const { React, rtl, money, amountLocale } = fresh;
    const onSubmit = jest.fn();
    function Form() {
      const [value, setValue] = React.useState('');
      const h = React.createElement;
      return h(
        amountLocale.AmountLocaleContext.Provider,
        { value: 'fr-FR' },
        h(
          'form',
          {
            'aria-label': 'Booking',
            onSubmit: (event: { preventDefault(): void }) => (event.preventDefault(), onSubmit(value)),
          },
          h('label', { htmlFor: 'stay' }, 'Stay'),
          h(money.MoneyInput, { id: 'stay', currency: 'EUR', value, onChange: setValue }),
          h('output', { 'aria-label': 'Held' }, value),
          h('button', { type: 'submit' }, 'Save'),
        ),
      );
    }
    rtl.render(React.createElement(Form));
    const stay = rtl.screen.getByLabelText('Stay') as HTMLInputElement;
    rtl.fireEvent.change(stay, { target: { value: '12,50' } });
    // Not understood yet: nothing handed on, and the form does not submit.
    expect(stay.validationMessage).toBe('Reading the amount…');
    expect(rtl.screen.getByLabelText('Held').textContent).toBe('');
    rtl.fireEvent.click(rtl.screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    // The reader arrives: what was typed is read as the traveller meant it.
    await rtl.waitFor(() => expect(rtl.screen.getByLabelText('Held').textContent).toBe('12.5'));
    expect(stay).toHaveValue('12,50');
    expect(stay).toHaveAccessibleDescription('= €12.50');
    expect(stay.validationMessage).toBe('');
    rtl.fireEvent.click(rtl.screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith('12.5');
  });
});

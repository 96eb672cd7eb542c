// Money fields take digits and one decimal point: the exponent a number field would
// otherwise take ("12.5e5" is 1,250,000) never gets in, typed or as a sign.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MoneyInput } from './Form';

function Amount() {
  const [value, setValue] = useState('');
  return <MoneyInput aria-label="Travel" value={value} onChange={(e) => setValue(e.target.value)} />;
}

describe('a money field', () => {
  it('when an exponent is typed, then it is not taken and the amount stays what the digits say', async () => {
    const user = userEvent.setup();
    render(<Amount />);
    const travel = screen.getByLabelText('Travel');
    await user.type(travel, '12.5e5');
    expect(travel).toHaveValue(12.55);
    await user.clear(travel);
    await user.type(travel, '3E2+1');
    expect(travel).toHaveValue(321);
  });

  it('when a negative amount is typed, then the field says it is below its minimum (its own check refuses the save)', async () => {
    const user = userEvent.setup();
    render(<Amount />);
    const travel = screen.getByLabelText('Travel') as HTMLInputElement;
    await user.type(travel, '-20');
    expect(travel).toHaveValue(-20);
    expect(travel.validity.rangeUnderflow).toBe(true);
  });
});

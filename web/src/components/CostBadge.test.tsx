import { render, screen } from '@testing-library/react';
import { CostBadge } from './CostBadge';

describe('cost badge', () => {
  it('when the total is 0, then it asks for attention', () => {
    render(<CostBadge currency="USD" amount={0} />);
    expect(screen.getByText('Needs attention')).toBeInTheDocument();
  });

  it('when the total is above 0, then it shows dollars with 2 decimals', () => {
    render(<CostBadge currency="USD" amount={1234.5} />);
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
  });

  it('when it is the featured estimate, then it shows whole dollars', () => {
    render(<CostBadge currency="USD" amount={99.6} decimals={0} />);
    expect(screen.getByText('$100')).toBeInTheDocument();
  });

  it('when the total is negative, then it is treated as needing attention', () => {
    render(<CostBadge currency="USD" amount={-5} />);
    expect(screen.getByText('Needs attention')).toBeInTheDocument();
  });
});

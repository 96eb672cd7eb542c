// A trip's currency, for the parts of a trip's pages that show or take money in it (a
// cost item's form, the totals, re-pricing, a new window's amounts, the Compare rows).
// The page that holds the trip gives it once (TripCurrencyProvider: the window page, the
// trip's windows) and a component reads it where it needs it (useTripCurrency), instead
// of a prop handed down through every component in between. A context rather than a read
// of the RTK Query cache: the pages already hold the trip they show (the window page's
// comes with the window, not from getTrip), so the currency is always the one on screen,
// with no trip id to pass down and no second subscription.
import { createContext, useContext, type ReactNode } from 'react';

const TripCurrency = createContext<string | null>(null);

export function TripCurrencyProvider({ currency, children }: { currency: string; children: ReactNode }) {
  return <TripCurrency.Provider value={currency}>{children}</TripCurrency.Provider>;
}

/** The currency of the trip whose page this is (ISO 4217). */
export function useTripCurrency(): string {
  const currency = useContext(TripCurrency);
  if (currency === null) throw new Error('useTripCurrency is used outside a TripCurrencyProvider');
  return currency;
}

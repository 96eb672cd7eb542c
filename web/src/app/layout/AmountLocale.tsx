// The locale the money fields read typed amounts in: the signed-in traveller's profile
// country's (lib/amountLocale.ts), else (signed out, not loaded yet) the browser's. The
// country comes with the user the app already asks for (GET /user/infor): no request of
// its own, and the profile's code stays out of every page's first load (ADR 0065).
import { useMemo, type ReactNode } from 'react';
import { AmountLocaleContext, localeOfCountry } from '../../lib/amountLocale';
import { useCurrentUser } from '../../features/auth';

export function AmountLocale({ children }: { children: ReactNode }) {
  const country = useCurrentUser()?.country;
  const locale = useMemo(
    () => (country ? localeOfCountry(country, typeof navigator === 'undefined' ? [] : navigator.languages) : null),
    [country],
  );
  return <AmountLocaleContext.Provider value={locale}>{children}</AmountLocaleContext.Provider>;
}

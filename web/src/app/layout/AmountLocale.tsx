// The locale the money fields read typed amounts in: the signed-in traveller's profile
// country's (lib/amountLocale.ts), else (signed out, profile not loaded yet) the browser's.
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, type ReactNode } from 'react';
import { AmountLocaleContext, localeOfCountry } from '../../lib/amountLocale';
import { useCurrentUser } from '../../features/auth';
import { useGetProfileQuery } from '../../features/profile';

export function AmountLocale({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  const country = useGetProfileQuery(me?._id ?? skipToken).data?.country;
  const locale = useMemo(
    () => (country ? localeOfCountry(country, typeof navigator === 'undefined' ? [] : navigator.languages) : null),
    [country],
  );
  return <AmountLocaleContext.Provider value={locale}>{children}</AmountLocaleContext.Provider>;
}

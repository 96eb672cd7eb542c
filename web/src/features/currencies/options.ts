// What a currency picker offers, in what order: the currencies travellers use most, then
// every other one by code; a filter narrows both by code or name. Without the server's
// list (loading, offline) the shared ISO list stands in, with nothing known about rates.
import { CURRENCY_CODES, currencyName, currencyDigits } from '@tripcost/shared/domain';
import type { CurrencyInfo } from './api';

/** The ten currencies most trips are priced in, offered first. */
export const POPULAR_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY', 'INR', 'MXN'] as const;

/** A currency as the picker shows it; `rated` undefined when the rates source is not known yet. */
export type CurrencyOption = Pick<CurrencyInfo, 'code' | 'name' | 'digits'> & { rated?: boolean };

let isoOptions: CurrencyOption[] | undefined;
/** The shared ISO list as options, made once (Intl names are slow to make by the hundred). */
function fallbackOptions(): CurrencyOption[] {
  isoOptions ??= CURRENCY_CODES.map((code) => ({ code, name: currencyName(code), digits: currencyDigits(code) }));
  return isoOptions;
}

/** "EUR — Euro", "KES — Kenyan Shilling (no published rate)". */
export function optionLabel(option: CurrencyOption): string {
  const label = `${option.code} — ${option.name}`;
  return option.rated === false ? `${label} (no published rate)` : label;
}

const matches = (option: CurrencyOption, filter: string) => {
  const wanted = filter.trim().toLowerCase();
  return wanted === '' || option.code.toLowerCase().includes(wanted) || option.name.toLowerCase().includes(wanted);
};

/**
 * The picker's two groups for a filter: the popular currencies that match (in their
 * order) and every other match by code. The chosen currency always stays offered (a
 * select must show its value), first among the others when the filter hides it.
 */
export function currencyOptions(
  list: readonly CurrencyOption[] | undefined,
  filter: string,
  chosen: string,
): { popular: CurrencyOption[]; others: CurrencyOption[] } {
  const all = list && list.length > 0 ? list : fallbackOptions();
  const byCode = new Map(all.map((option) => [option.code, option]));
  const popularCodes = new Set<string>(POPULAR_CURRENCIES);
  const popular = POPULAR_CURRENCIES.map((code) => byCode.get(code)).filter(
    (option): option is CurrencyOption => option !== undefined && matches(option, filter),
  );
  const others = all
    .filter((option) => !popularCodes.has(option.code) && matches(option, filter))
    .sort((a, b) => a.code.localeCompare(b.code));
  const shown = [...popular, ...others].some((option) => option.code === chosen);
  const current = byCode.get(chosen);
  if (!shown && current) (popularCodes.has(chosen) ? popular : others).unshift(current);
  return { popular, others };
}

/** Whether the rates source publishes a currency (undefined while unknown). */
export function isRated(list: readonly CurrencyOption[] | undefined, code: string): boolean | undefined {
  return list?.find((option) => option.code === code)?.rated;
}

// The instance form's text fields → the amounts and dates the API takes: empty
// amounts are 0, amounts are never negative, dates are calendar days.
import { amountOf } from '@tripcost/shared/domain';
import { fromDateInput } from '../../lib/format';
import type { Instance } from '../../lib/types';
import { EDITABLE, type InstanceInput } from './api';

export interface InstanceForm {
  start: string;
  end: string;
  stay: string;
  travel: string;
  car: string;
  other: string;
}

export function instanceInputFrom(form: InstanceForm): InstanceInput {
  return {
    trip_start: fromDateInput(form.start),
    trip_end: fromDateInput(form.end),
    stay_expense: Math.abs(amountOf(form.stay)),
    travel_expense: Math.abs(amountOf(form.travel)),
    car_expense: Math.abs(amountOf(form.car)),
    other_expense: Math.abs(amountOf(form.other)),
  };
}

/**
 * A window with cost items has its four expenses calculated from them by the server
 * (ADR 0020): they are shown, never typed or sent.
 */
export function isItemised(instance: Instance): boolean {
  return (instance.items?.length ?? 0) > 0;
}

const EXPENSES: readonly (keyof InstanceInput)[] = ['stay_expense', 'travel_expense', 'car_expense', 'other_expense'];

/** The fields whose value differs from the instance as loaded (an itemised window's dates only). */
export function changedFields(before: Instance, after: InstanceInput): Partial<InstanceInput> {
  const changes: Partial<InstanceInput> = {};
  const fromItems = isItemised(before);
  for (const key of EDITABLE) {
    if (fromItems && EXPENSES.includes(key)) continue;
    const was = key === 'trip_start' || key === 'trip_end' ? (before[key] ?? null) : amountOf(before[key]);
    if (was !== after[key]) Object.assign(changes, { [key]: after[key] });
  }
  return changes;
}

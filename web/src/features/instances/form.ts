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

/** The fields whose value differs from the instance as loaded. */
export function changedFields(before: Instance, after: InstanceInput): Partial<InstanceInput> {
  const changes: Partial<InstanceInput> = {};
  for (const key of EDITABLE) {
    const was = key === 'trip_start' || key === 'trip_end' ? (before[key] ?? null) : amountOf(before[key]);
    if (was !== after[key]) Object.assign(changes, { [key]: after[key] });
  }
  return changes;
}

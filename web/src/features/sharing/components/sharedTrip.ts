// What the share line and the Share dialog read of a trip: one type both import, so
// neither file imports the other's (the dialog is a lazy chunk of the line's).
import type { Member, TripRole } from '../../../lib/types';

export interface SharedTrip {
  _id: string;
  role: TripRole;
  owner_name: string;
  members: Member[];
  hide_costs_from_viewers: boolean;
}

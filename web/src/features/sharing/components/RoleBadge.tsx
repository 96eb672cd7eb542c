// "Viewer · shared by Ada": my role on a trip someone shared with me (nothing on my own).
import type { TripRole } from '../../../lib/types';
import './sharing.css';

export const ROLE_NAMES: Record<TripRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

export function RoleBadge({ role, ownerName }: { role: TripRole; ownerName?: string }) {
  if (role === 'owner') return null;
  return (
    <span className="role-badge">
      {ROLE_NAMES[role]}
      {ownerName ? ` · shared by ${ownerName}` : ''}
    </span>
  );
}

// The owner's Share panel (docs/product.md §6 "Planning together"): make a link per
// role and copy it, see and revoke invitations, members with their roles and Remove,
// and whether viewers see costs. Everyone else sees who shares the trip and may leave.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  useChangeMemberRoleMutation,
  useCreateInviteMutation,
  useGetInvitesQuery,
  useLeaveTripMutation,
  useRemoveMemberMutation,
  useRevokeInviteMutation,
  useSetHideCostsMutation,
} from '../api';
import type { Member, NewInvite, TripRole } from '../../../lib/types';
import './sharing.css';

interface Shared {
  _id: string;
  role: TripRole;
  owner_name: string;
  members: Member[];
  hide_costs_from_viewers: boolean;
}

const ROLE_NAMES: Record<TripRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

export function RoleBadge({ role, ownerName }: { role: TripRole; ownerName?: string }) {
  if (role === 'owner') return null;
  return (
    <span className="role-badge">
      {ROLE_NAMES[role]}
      {ownerName ? ` · shared by ${ownerName}` : ''}
    </span>
  );
}

export function SharePanel({ trip }: { trip: Shared }) {
  if (trip.role !== 'owner') return <MemberLine trip={trip} />;
  return <OwnerPanel trip={trip} />;
}

function MemberLine({ trip }: { trip: Shared }) {
  const [leave, { isLoading }] = useLeaveTripMutation();
  const navigate = useNavigate();
  return (
    <section className="card share-panel" aria-label="Sharing">
      <p className="share-panel__row">
        <RoleBadge role={trip.role} ownerName={trip.owner_name} />
        <span>{trip.members.map((member) => member.name).join(', ')}</span>
      </p>
      <div>
        <button
          type="button"
          className="btn btn--ghost-danger btn--sm"
          disabled={isLoading}
          onClick={() => void leave(trip._id).then(() => navigate('/explore'))}
        >
          Leave this trip
        </button>
      </div>
    </section>
  );
}

function OwnerPanel({ trip }: { trip: Shared }) {
  const [role, setRole] = useState<'editor' | 'viewer'>('viewer');
  const [made, setMade] = useState<NewInvite | null>(null);
  const { data: invites = [] } = useGetInvitesQuery(trip._id);
  const [createInvite, creating] = useCreateInviteMutation();
  const [revoke] = useRevokeInviteMutation();
  const [changeRole] = useChangeMemberRoleMutation();
  const [remove] = useRemoveMemberMutation();
  const [setHide] = useSetHideCostsMutation();
  const open = invites.filter((invite) => invite.state === 'open');
  return (
    <section className="card share-panel" aria-label="Share">
      <h2>Share</h2>
      <div className="share-panel__row">
        <label>
          Invite as{' '}
          <select value={role} onChange={(event) => setRole(event.target.value as 'editor' | 'viewer')}>
            <option value="viewer">Viewer (reads and votes)</option>
            <option value="editor">Editor (edits and votes)</option>
          </select>
        </label>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={creating.isLoading}
          onClick={() => void createInvite({ tripId: trip._id, role }).unwrap().then(setMade)}
        >
          Create link
        </button>
      </div>
      {made && (
        <p className="share-panel__row">
          <span className="share-panel__link" aria-label="Invitation link">
            {made.url}
          </span>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => void navigator.clipboard?.writeText(made.url)}
          >
            Copy
          </button>
        </p>
      )}
      {open.length > 0 && (
        <ul className="share-panel__list" aria-label="Open invitations">
          {open.map((invite) => (
            <li key={invite._id} className="share-panel__row">
              {ROLE_NAMES[invite.role]} link, until {invite.expires_at.slice(0, 10)}
              <button
                type="button"
                className="btn btn--ghost-danger btn--sm"
                onClick={() => void revoke({ tripId: trip._id, inviteId: invite._id })}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <ul className="share-panel__list" aria-label="Members">
        {trip.members.map((member) => (
          <li key={member.user_id} className="share-panel__row">
            <span>{member.name}</span>
            {member.role === 'owner' ? (
              <span className="role-badge">Owner</span>
            ) : (
              <>
                <select
                  aria-label={`Role of ${member.name}`}
                  value={member.role}
                  onChange={(event) =>
                    void changeRole({
                      tripId: trip._id,
                      userId: member.user_id,
                      role: event.target.value as 'editor' | 'viewer',
                    })
                  }
                >
                  <option value="viewer">Viewer</option>
                  <option value="editor">Editor</option>
                </select>
                <button
                  type="button"
                  className="btn btn--ghost-danger btn--sm"
                  onClick={() => void remove({ tripId: trip._id, userId: member.user_id })}
                >
                  Remove
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <label className="share-panel__row">
        <input
          type="checkbox"
          checked={trip.hide_costs_from_viewers}
          onChange={(event) => void setHide({ tripId: trip._id, hide: event.target.checked })}
        />
        Hide costs from viewers
      </label>
    </section>
  );
}

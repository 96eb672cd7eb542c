// The owner's Share dialog (docs/product.md §6 "Planning together"): make a link per
// role and copy it, see and revoke the open links, change a member's role or remove
// them (the toast's Undo, 10 s, brings them back through the history's undo), and whether
// viewers see costs. Its own chunk: fetched when Share is pressed.
import { useId, useState, type KeyboardEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { formatShortDate } from '../../../lib/format';
import { useAppDispatch } from '../../../lib/hooks';
import { showToast, undoableToast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/offline/changeQueue';
import type { NewInvite } from '../../../lib/types';
import {
  useChangeMemberRoleMutation,
  useCreateInviteMutation,
  useGetInvitesQuery,
  useRemoveMemberMutation,
  useRevokeInviteMutation,
  useSetHideCostsMutation,
} from '../shareApi';
import { ROLE_NAMES } from './RoleBadge';
import type { SharedTrip } from './sharedTrip';
import './sharing.css';

type Shareable = 'viewer' | 'editor';

const OFFERS: Array<{ role: Shareable; label: string }> = [
  { role: 'viewer', label: 'View and vote' },
  { role: 'editor', label: 'Edit and vote' },
];

/**
 * Two choices side by side, the chosen one pressed: the app's segmented control, styled
 * by the trip page it opens on (the windows' view switch uses the same classes).
 */
function RolePicker({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: Shareable;
  onChange: (role: Shareable) => void;
  options: Array<{ role: Shareable; label: string }>;
}) {
  return (
    <div className="segmented segmented--sm" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.role}
          type="button"
          className="segmented__option"
          aria-pressed={value === option.role}
          onClick={() => value !== option.role && onChange(option.role)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** Invite with a link: as viewer or editor, the link shown once to copy, and the open invitations to revoke. */
function InviteSection({ tripId }: { tripId: string }) {
  const [role, setRole] = useState<Shareable>('viewer');
  const [made, setMade] = useState<NewInvite | null>(null);
  const [copied, setCopied] = useState(false);
  const { data: invites = [] } = useGetInvitesQuery(tripId);
  const [createInvite, creating] = useCreateInviteMutation();
  const [revoke] = useRevokeInviteMutation();
  const open = invites.filter((invite) => invite.state === 'open');
  const link = made?.url;

  async function makeLink() {
    setCopied(false);
    const request = { tripId, role, idempotencyKey: newIdempotencyKey() };
    let answer = await createInvite(request);
    // The answer was lost on the way: sent again with its key, it makes no second invitation.
    if ('error' in answer && (answer.error as { status?: unknown }).status === 'FETCH_ERROR') {
      answer = await createInvite(request);
    }
    if ('data' in answer && answer.data) setMade(answer.data);
  }

  async function copy(url: string) {
    await navigator.clipboard?.writeText(url);
    setCopied(true);
  }

  return (
    <section className="share-panel__section" aria-labelledby="share-invite">
      <h3 id="share-invite">Invite with a link</h3>
      <div className="share-panel__row">
        <span className="muted">People with the link can</span>
        <RolePicker label="Invite as" value={role} onChange={setRole} options={OFFERS} />
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={creating.isLoading}
          onClick={() => void makeLink()}
        >
          Create link
        </button>
      </div>
      {made && link === undefined && (
        // A replay of a create whose answer was lost: the server keeps only the token's
        // hash, so the link it made cannot be shown again.
        <div className="share-panel__row" role="status">
          <span>This link was made, but a link is shown only once and this one cannot be shown again.</span>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void makeLink()}>
            Make a new link
          </button>
        </div>
      )}
      {link !== undefined && (
        <div className="share-panel__row">
          <input
            className="share-panel__link"
            readOnly
            aria-label="Invitation link"
            value={link}
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void copy(link)}>
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      )}
      {open.length > 0 && (
        <ul className="share-panel__list" aria-label="Open invitations">
          {open.map((invite) => (
            <li key={invite._id} className="share-panel__item">
              <span>
                {ROLE_NAMES[invite.role]} link{' '}
                <span className="muted">· until {formatShortDate(invite.expires_at.slice(0, 10))}</span>
              </span>
              <button
                type="button"
                className="btn btn--ghost-danger btn--sm"
                onClick={() => void revoke({ tripId, inviteId: invite._id })}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Removed", with Undo for 10 s: the removal's entry undone (the history chunk is loaded when pressed). */
function removedToast(
  dispatch: ReturnType<typeof useAppDispatch>,
  tripId: string,
  member: { user_id: string; name: string },
) {
  const undo = () =>
    void import('../../history').then(({ undoAfterDelete }) =>
      undoAfterDelete(dispatch, { kind: 'change', tripId, action: 'members', targetId: member.user_id }),
    );
  return undoableToast(`${member.name} removed`, undo);
}

/** The people: each member's role, and Remove (asked once more first). */
function MembersSection({ trip }: { trip: SharedTrip }) {
  const [changeRole] = useChangeMemberRoleMutation();
  const [remove] = useRemoveMemberMutation();
  const dispatch = useAppDispatch();
  // The member whose removal waits for a yes.
  const [removing, setRemoving] = useState<string | null>(null);
  // After Cancel, focus goes back to that member's Remove button.
  const [refocus, setRefocus] = useState<string | null>(null);
  return (
    <section className="share-panel__section" aria-labelledby="share-members">
      <h3 id="share-members">People</h3>
      <ul className="share-panel__list" aria-label="Members">
        {trip.members.map((member) => (
          <li key={member.user_id} className="share-panel__item">
            <span className="share-panel__name">{member.name}</span>
            {member.role === 'owner' ? (
              <span className="role-badge">Owner</span>
            ) : removing === member.user_id ? (
              <RemoveConfirmation
                name={member.name}
                onCancel={() => {
                  setRemoving(null);
                  setRefocus(member.user_id);
                }}
                onConfirm={() => {
                  setRemoving(null);
                  void remove({ tripId: trip._id, userId: member.user_id })
                    .unwrap()
                    .then(() => dispatch(removedToast(dispatch, trip._id, member)))
                    .catch((error) => {
                      const message = errorMessage(error, `${member.name} could not be removed. Please try again.`);
                      dispatch(showToast({ type: 'error', message }));
                    });
                }}
              />
            ) : (
              <span className="share-panel__row">
                <RolePicker
                  label={`Role of ${member.name}`}
                  value={member.role}
                  options={[
                    { role: 'viewer', label: 'Viewer' },
                    { role: 'editor', label: 'Editor' },
                  ]}
                  onChange={(next) => void changeRole({ tripId: trip._id, userId: member.user_id, role: next })}
                />
                <button
                  type="button"
                  className="btn btn--ghost-danger btn--sm"
                  aria-label={`Remove ${member.name}`}
                  autoFocus={refocus === member.user_id}
                  onClick={() => setRemoving(member.user_id)}
                >
                  Remove
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function ShareDialog({ trip, onClose }: { trip: SharedTrip; onClose: () => void }) {
  const [setHide, hiding] = useSetHideCostsMutation();

  return (
    <Modal title="Share this trip" onClose={onClose}>
      <div className="share-panel">
        <InviteSection tripId={trip._id} />
        <MembersSection trip={trip} />
        <label className="share-panel__switch">
          <input
            type="checkbox"
            checked={trip.hide_costs_from_viewers}
            disabled={hiding.isLoading}
            onChange={(event) => void setHide({ tripId: trip._id, hide: event.target.checked })}
          />
          <span>
            Hide costs from viewers
            <span className="hint">Viewers see places, dates and votes, never a price, link or confirmation.</span>
          </span>
        </label>
      </div>
    </Modal>
  );
}

/**
 * "Remove Ada from this trip?" with Cancel (focused first) and Remove, in place of the
 * member's controls: not a second dialog over the Share dialog (two modals would each
 * trap Tab and both close on Escape). Escape here cancels only this question.
 */
function RemoveConfirmation({
  name,
  onCancel,
  onConfirm,
}: {
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const questionId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Not on to the Share dialog, which would close.
    event.stopPropagation();
    onCancel();
  };
  return (
    <span
      className="share-panel__row share-panel__confirm"
      role="group"
      aria-labelledby={questionId}
      onKeyDown={onKeyDown}
    >
      <span id={questionId}>Remove {name} from this trip?</span>
      {/* The question was just asked: its safe answer takes focus. */}
      <button type="button" className="btn btn--ghost btn--sm" autoFocus onClick={onCancel}>
        Cancel
      </button>
      <button type="button" className="btn btn--danger btn--sm" onClick={onConfirm}>
        Remove
      </button>
    </span>
  );
}

// /invite/:token: "Ada invited you to edit Porto, Portugal" → Join (docs/product.md §6).
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAcceptInviteMutation, usePreviewInviteQuery } from '../api';
import './sharing.css';

const VERBS = { editor: 'edit', viewer: 'view' } as const;

export default function InvitePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { data: invite, error, isLoading } = usePreviewInviteQuery(token);
  const [accept, accepting] = useAcceptInviteMutation();
  if (isLoading) return <p className="page-message">Opening the invitation…</p>;
  if (error || !invite) {
    const msg =
      error && 'data' in error && typeof (error.data as { msg?: unknown })?.msg === 'string'
        ? (error.data as { msg: string }).msg
        : 'This invitation link is not valid.';
    return (
      <main className="page page-message">
        <p className="page-message__title">{msg}</p>
        <Link to="/explore" className="btn btn--primary">
          Return to Explore
        </Link>
      </main>
    );
  }
  const join = async () => {
    const answer = await accept(token).unwrap();
    navigate(`/trips/${answer.trip._id}`);
  };
  return (
    <main className="page page-message">
      <p className="page-message__title">
        {invite.inviter_name} invited you to {VERBS[invite.role]} {invite.trip_name}
      </p>
      <button type="button" className="btn btn--primary" disabled={accepting.isLoading} onClick={() => void join()}>
        Join
      </button>
      {accepting.error && <p role="alert">This invitation could not be used. Ask for a new link.</p>}
    </main>
  );
}

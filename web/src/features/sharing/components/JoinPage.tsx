// /join/:token (docs/product.md §6): "Ada invited you to edit Porto, Portugal" → Join,
// then the trip. An expired or revoked link says so (the server's words); the older
// /invite/:token links lead here.
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { useAcceptInviteMutation, usePreviewInviteQuery } from '../joinApi';
import './sharing.css';

const VERBS = { editor: 'edit', viewer: 'view' } as const;

export default function JoinPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { data: invite, error, isLoading } = usePreviewInviteQuery(token);
  const [accept, accepting] = useAcceptInviteMutation();
  if (isLoading) return <p className="page-message">Opening the invitation…</p>;
  if (error || !invite) {
    return (
      <main className="page">
        <section className="card join-card">
          <h1 className="join-card__title">{errorMessage(error, 'This invitation link is not valid.')}</h1>
          <Link to="/explore" className="btn btn--primary">
            Return to Explore
          </Link>
        </section>
      </main>
    );
  }
  const join = async () => {
    const answer = await accept(token).unwrap();
    navigate(`/trips/${answer.trip._id}`);
  };
  return (
    <main className="page">
      <section className="card join-card" aria-labelledby="join-title">
        <h1 id="join-title" className="join-card__title">
          {invite.inviter_name} invited you to {VERBS[invite.role]} {invite.trip_name}
        </h1>
        <p className="muted">
          {invite.role === 'editor'
            ? 'You will be able to change its dates, windows and costs, and vote on dates.'
            : 'You will see its dates and windows and vote on dates.'}
        </p>
        <div className="join-card__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={accepting.isLoading}
            onClick={() => void join().catch(() => undefined)}
          >
            Join
          </button>
          <Link to="/explore" className="btn btn--ghost">
            Not now
          </Link>
        </div>
        {accepting.error && (
          <p role="alert" className="form-error">
            {errorMessage(accepting.error, 'This invitation could not be used. Ask for a new link.')}
          </p>
        )}
      </section>
    </main>
  );
}

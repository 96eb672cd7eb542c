// Yes / maybe / no on a window, with the counts and whether it works for everyone.
// Every list of windows (the Compare table, the cards, a viewer's hidden-costs page)
// shares one vote hook through VotesProvider: a hook per row was 50 store subscriptions
// on a 50-window board, each run on every store change (issue 26).
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useVoteMutation } from '../api';
import type { VoteValue, WindowVotes } from '../../../lib/types';
import './sharing.css';

const CHOICES: Array<{ value: VoteValue; label: string }> = [
  { value: 'yes', label: 'Yes' },
  { value: 'maybe', label: 'Maybe' },
  { value: 'no', label: 'No' },
];

type Vote = { tripId: string; instanceId: string; vote: VoteValue | null };

interface SharedVotes {
  vote: (vote: Vote) => void;
  /** Windows whose vote is on its way. */
  sending: ReadonlySet<string>;
}

const VotesContext = createContext<SharedVotes | null>(null);

/** One vote hook for every VoteButtons below it. */
export function VotesProvider({ children }: { children: ReactNode }) {
  const [send] = useVoteMutation();
  const [sending, setSending] = useState<ReadonlySet<string>>(() => new Set());
  const vote = useCallback(
    (args: Vote) => {
      const mark = (on: boolean) =>
        setSending((now) => {
          const next = new Set(now);
          if (on) next.add(args.instanceId);
          else next.delete(args.instanceId);
          return next;
        });
      mark(true);
      // The mutation shows its failure itself (the vote is undone); here only the busy mark ends.
      void send(args).finally(() => mark(false));
    },
    [send],
  );
  const shared = useMemo(() => ({ vote, sending }), [vote, sending]);
  return <VotesContext.Provider value={shared}>{children}</VotesContext.Provider>;
}

interface VoteButtonsProps {
  tripId: string;
  instanceId: string;
  votes: WindowVotes;
  worksForEveryone: boolean;
  label: string;
  /** In a table row: smaller buttons on one line. */
  compact?: boolean;
}

/** Inside a VotesProvider. */
export function VoteButtons({ tripId, instanceId, votes, worksForEveryone, label, compact = false }: VoteButtonsProps) {
  const { vote: onVote, sending } = useContext(VotesContext)!;
  const busy = sending.has(instanceId);
  return (
    <div className={`votes ${compact ? 'votes--compact' : ''}`} role="group" aria-label={`Your vote on ${label}`}>
      {CHOICES.map(({ value, label: text }) => (
        <button
          key={value}
          type="button"
          className={`btn btn--sm votes__choice ${votes.mine === value ? 'votes__choice--mine' : ''}`}
          aria-pressed={votes.mine === value}
          disabled={busy}
          onClick={() => onVote({ tripId, instanceId, vote: votes.mine === value ? null : value })}
        >
          {text} {votes[value]}
        </button>
      ))}
      {worksForEveryone && <span className="badge badge--everyone votes__everyone">Works for everyone</span>}
    </div>
  );
}

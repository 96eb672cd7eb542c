// Yes / maybe / no on a window, with the counts and whether it works for everyone.
import { useVoteMutation } from '../api';
import type { VoteValue, WindowVotes } from '../../../lib/types';
import './sharing.css';

const CHOICES: Array<{ value: VoteValue; label: string }> = [
  { value: 'yes', label: 'Yes' },
  { value: 'maybe', label: 'Maybe' },
  { value: 'no', label: 'No' },
];

export function VoteButtons(props: {
  tripId: string;
  instanceId: string;
  votes: WindowVotes;
  worksForEveryone: boolean;
  label: string;
  /** In a table row: smaller buttons on one line. */
  compact?: boolean;
}) {
  const { tripId, instanceId, votes, worksForEveryone, label, compact = false } = props;
  const [vote, { isLoading }] = useVoteMutation();
  return (
    <div className={`votes ${compact ? 'votes--compact' : ''}`} role="group" aria-label={`Your vote on ${label}`}>
      {CHOICES.map(({ value, label: text }) => (
        <button
          key={value}
          type="button"
          className={`btn btn--sm votes__choice ${votes.mine === value ? 'votes__choice--mine' : ''}`}
          aria-pressed={votes.mine === value}
          disabled={isLoading}
          onClick={() => void vote({ tripId, instanceId, vote: votes.mine === value ? null : value })}
        >
          {text} {votes[value]}
        </button>
      ))}
      {worksForEveryone && <span className="badge badge--everyone votes__everyone">Works for everyone</span>}
    </div>
  );
}

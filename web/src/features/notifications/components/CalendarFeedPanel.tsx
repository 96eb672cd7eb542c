// The calendar feed on the profile (issue 42, docs/product.md §7): a private webcal://
// link to the person's committed trips that calendar apps subscribe to. The link is shown
// once, when made (only its hash is kept); a new link stops the old one working.
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useGetCalendarFeedQuery, useMakeCalendarFeedMutation, useRevokeCalendarFeedMutation } from '../api';
import './notifications.css';

/** Calendar apps open webcal:// links as subscriptions (the same address over https). */
const webcal = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

export default function CalendarFeedPanel() {
  const { data } = useGetCalendarFeedQuery();
  const [make, { isLoading: making }] = useMakeCalendarFeedMutation();
  const [revoke, { isLoading: revoking }] = useRevokeCalendarFeedMutation();
  const [link, setLink] = useState('');
  const [problem, setProblem] = useState('');
  const active = Boolean(data?.active);

  async function makeLink() {
    setProblem('');
    try {
      setLink(webcal((await make().unwrap()).url));
    } catch (err) {
      setProblem(errorMessage(err, 'The calendar link could not be made.'));
    }
  }
  async function turnOff() {
    setProblem('');
    try {
      await revoke().unwrap();
      setLink('');
    } catch (err) {
      setProblem(errorMessage(err, 'The calendar link could not be turned off.'));
    }
  }

  return (
    <section className="panel calendar-feed" aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">Your trips in your calendar</h2>
      <p className="muted">
        Subscribe to your committed trips in Google Calendar, Apple Calendar or Outlook. Changes reach your calendar
        when it next checks: calendar apps refresh subscriptions on their own schedule (Google Calendar every 8 to 24
        hours).
      </p>
      {link && (
        <div className="channel__secret" role="status">
          <p>
            Add this link to your calendar app as a subscription. Keep it private: anyone with it can see your trips.
          </p>
          <input className="channel__value" readOnly value={link} aria-label="Calendar link" />
          <div className="form-actions">
            <a className="btn btn--primary" href={link}>
              Open in my calendar app
            </a>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => void navigator.clipboard?.writeText(link)}
            >
              Copy link
            </button>
          </div>
        </div>
      )}
      {!link && active && (
        <p>
          Your calendar link is on. For security we show it only once; make a new link if you need it again (the old one
          stops working).
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn--secondary" disabled={making} onClick={makeLink}>
          {making ? 'Making…' : active ? 'Make a new link' : 'Make a calendar link'}
        </button>
        {active && (
          <button type="button" className="btn btn--ghost-danger" disabled={revoking} onClick={turnOff}>
            Turn off the calendar link
          </button>
        )}
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

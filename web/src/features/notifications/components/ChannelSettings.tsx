// Where alerts go besides this list (issue 42, docs/product.md §7): this browser by Web
// Push (subscribed through the app's service worker) and a webhook of the person's own,
// whose signing secret is shown once, when it is set.
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import {
  useLazyGetPushKeyQuery,
  useRemoveWebhookMutation,
  useSetAlertPreferencesMutation,
  useSetWebhookMutation,
  useSubscribePushMutation,
  useUnsubscribePushMutation,
  type AlertPreferences,
  type WebhookCreated,
} from '../api';

/** The VAPID key as PushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export function ChannelSettings({ preferences }: { preferences: AlertPreferences }) {
  return (
    <section className="card notifications__preferences" aria-labelledby="channels-title">
      <h2 id="channels-title">Where to tell me</h2>
      <p className="muted">Alerts always appear here. You can also get them on this device and on your own server.</p>
      <PushSetting on={preferences.channels.push} />
      <WebhookSetting on={preferences.channels.webhook} />
    </section>
  );
}

function PushSetting({ on }: { on: boolean }) {
  const [getKey] = useLazyGetPushKeyQuery();
  const [subscribe] = useSubscribePushMutation();
  const [unsubscribe] = useUnsubscribePushMutation();
  const [setPreferences] = useSetAlertPreferencesMutation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  async function turnOn() {
    setBusy(true);
    setProblem('');
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        setProblem(
          'Your browser is blocking notifications from TripCost. Allow them in its site settings, then try again.',
        );
        return;
      }
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration) {
        setProblem('Push alerts need the installed app’s background worker. Reload the page and try again.');
        return;
      }
      const { public_key } = await getKey().unwrap();
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(public_key),
      });
      const json = subscription.toJSON();
      await subscribe({
        endpoint: subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      }).unwrap();
    } catch (err) {
      setProblem(errorMessage(err, 'Push alerts could not be turned on in this browser.'));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setProblem('');
    try {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        await unsubscribe({ endpoint: subscription.endpoint })
          .unwrap()
          .catch(() => undefined);
        await subscription.unsubscribe();
      }
      // Other browsers of the account stop too.
      await setPreferences({ channels: { push: false } }).unwrap();
    } catch (err) {
      setProblem(errorMessage(err, 'Push alerts could not be turned off.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="channel">
      <h3>Push alerts</h3>
      {!pushSupported() ? (
        <p className="muted">This browser can’t receive push alerts.</p>
      ) : on ? (
        <>
          <p>Push alerts are on. Each one opens the window it is about.</p>
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={turnOff}>
            Turn off push alerts
          </button>
        </>
      ) : (
        <>
          <p className="muted">Get alerts on this device even when TripCost is closed.</p>
          <button type="button" className="btn btn--primary" disabled={busy} onClick={turnOn}>
            {busy ? 'Turning on…' : 'Send alerts to this browser'}
          </button>
        </>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

function WebhookSetting({ on }: { on: boolean }) {
  const [url, setUrl] = useState('');
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [problem, setProblem] = useState('');
  const [save, { isLoading: saving }] = useSetWebhookMutation();
  const [remove, { isLoading: removing }] = useRemoveWebhookMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    try {
      setCreated(await save({ url: url.trim() }).unwrap());
      setUrl('');
    } catch (err) {
      setProblem(errorMessage(err, 'The webhook could not be saved.'));
    }
  }

  async function removeIt() {
    setProblem('');
    setCreated(null);
    try {
      await remove().unwrap();
    } catch (err) {
      setProblem(errorMessage(err, 'The webhook could not be removed.'));
    }
  }

  return (
    <div className="channel">
      <h3>Webhook</h3>
      <p className="muted">
        We post each alert as JSON to your https:// address, signed in the X-TripCost-Signature header.
      </p>
      {on && !created && <p>Your webhook is on.</p>}
      {created && (
        <div className="channel__secret" role="status">
          <p>
            Sending to <strong>{created.url}</strong>. Your signing secret is below. Copy it now: it is not shown again.
          </p>
          <input className="channel__value" readOnly value={created.secret} aria-label="Signing secret" />
        </div>
      )}
      <form className="channel__form" onSubmit={submit}>
        <label className="field">
          <span>{on ? 'New webhook address' : 'Webhook address'}</span>
          <input
            type="url"
            inputMode="url"
            placeholder="https://example.com/tripcost"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            required
          />
        </label>
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={saving || !url.trim()}>
            {saving ? 'Saving…' : on ? 'Replace webhook' : 'Save webhook'}
          </button>
          {on && (
            <button type="button" className="btn btn--ghost-danger" disabled={removing} onClick={removeIt}>
              Remove webhook
            </button>
          )}
        </div>
      </form>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

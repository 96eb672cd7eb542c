// The worker's registration (workbox-window through vite-plugin-pwa's helper) and the
// "A new version is ready — Reload" bar it shows when an update has been installed.
// Rendered in a root of its own, so it works on the stand-alone landing page too.
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import './updatePrompt.css';

export function UpdateBar({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
  const [reloading, setReloading] = useState(false);
  return (
    <div className="update-bar" role="status">
      <span>A new version is ready —</span>
      <button
        type="button"
        className="btn btn--primary btn--sm"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          onReload();
        }}
      >
        Reload
      </button>
      <button type="button" className="update-bar__close" aria-label="Later" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

let root: Root | null = null;

function showUpdateBar(update: () => Promise<void>) {
  let host = document.getElementById('update-bar-root');
  if (!host) {
    host = document.createElement('div');
    host.id = 'update-bar-root';
    document.body.appendChild(host);
  }
  root ??= createRoot(host);
  const hide = () => root?.render(null);
  root.render(<UpdateBar onReload={() => void update()} onDismiss={hide} />);
}

export function registerWithUpdatePrompt(): void {
  const updateSW = registerSW({
    immediate: true,
    // The waiting worker takes over only when asked; `updateSW(true)` reloads the page after.
    onNeedRefresh: () => showUpdateBar(() => updateSW(true)),
  });
}

// Back: browser history when there is some, otherwise the given fallback route.
import { useNavigate } from 'react-router-dom';

export function BackButton({ fallback = '/', label = 'Back' }: { fallback?: string; label?: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn btn--ghost back-button"
      onClick={() => {
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (idx > 0) navigate(-1);
        else navigate(fallback);
      }}
    >
      ← {label}
    </button>
  );
}

// A button that downloads a file from the API with the user's token (see lib/download).
// The download code is fetched on the first click: pages that offer a file do not carry
// it in their first load.
import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { useAppDispatch } from '../lib/hooks';

interface Props {
  path: string;
  fallbackName: string;
  label: string;
  failure: string;
  className?: string;
}

export function DownloadButton({ path, fallbackName, label, failure, className = 'btn btn--secondary' }: Props) {
  const dispatch = useAppDispatch();
  const [isLoading, setLoading] = useState(false);
  const [error, setError] = useState('');

  async function onClick() {
    setError('');
    setLoading(true);
    try {
      const { downloadApi } = await import('../lib/download');
      await dispatch(downloadApi.endpoints.downloadFile.initiate({ path, fallbackName })).unwrap();
    } catch (problem) {
      setError(errorMessage(problem, failure));
    } finally {
      setLoading(false);
    }
  }

  return (
    <span className="download-button">
      <button type="button" className={className} disabled={isLoading} onClick={onClick}>
        {isLoading ? 'Preparing…' : label}
      </button>
      {error && (
        <span className="form-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

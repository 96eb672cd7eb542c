// A button that downloads a file from the API with the user's token (see lib/download).
import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { useDownloadFileMutation } from '../lib/download';

interface Props {
  path: string;
  fallbackName: string;
  label: string;
  failure: string;
  className?: string;
}

export function DownloadButton({ path, fallbackName, label, failure, className = 'btn btn--secondary' }: Props) {
  const [download, { isLoading }] = useDownloadFileMutation();
  const [error, setError] = useState('');

  async function onClick() {
    setError('');
    try {
      await download({ path, fallbackName }).unwrap();
    } catch (problem) {
      setError(errorMessage(problem, failure));
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

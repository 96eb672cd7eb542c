// The sync strip (ADR 0038), above every page: "N changes waiting to sync" while
// changes made offline wait, and (SyncProblems, loaded when needed) the conflicts and the
// changes that could not be applied.
import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../lib/hooks';
import './syncStatus.css';

const SyncProblems = lazy(() => import('./SyncProblems'));

export function SyncStatus() {
  const { waiting, conflicts, failed } = useAppSelector((s) => s.sync);
  if (waiting === 0 && conflicts.length === 0 && failed.length === 0) return null;
  return (
    <div className="sync-status">
      {waiting > 0 && (
        <>
          <p className="sync-badge" role="status">
            {waiting === 1 ? '1 change waiting to sync' : `${waiting} changes waiting to sync`}
          </p>
          <p className="sync-note">Exchange rates for items in another currency are taken when they sync.</p>
        </>
      )}
      {(conflicts.length > 0 || failed.length > 0) && (
        <Suspense fallback={null}>
          <SyncProblems conflicts={conflicts} failed={failed} />
        </Suspense>
      )}
    </div>
  );
}

// Changes made offline (ADR 0038), the screen's part: the sync strip above every page
// (SyncStatus, with its problems list a chunk of its own). The keeper and the replayer
// (offlineSync.ts) are loaded beside the first page and connected to the store's save
// home (features/saving) by FullApp.
export { SyncStatus } from './SyncStatus';

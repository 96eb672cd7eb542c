// What other features may use from the auth feature.
export { useCurrentUser } from './useCurrentUser';
export { useLogout } from './hooks/useSession';
export { useSessionDraft } from './hooks/useSessionDraft';

// Planning together: what other features and pages use of sharing (its public API).
// The Share dialog, the hidden-costs page and the live stream are chunks of their own,
// loaded when needed (see the pages).
export { costsHidden } from './api';
export { canEdit, canManage, lostAccess, TripRoleProvider, useCanEdit } from './access';
export { HiddenCostsTrip } from './components/HiddenCostsLazy';
export { NoAccess } from './components/NoAccess';
export { RoleBadge } from './components/RoleBadge';
export { ShareBar } from './components/ShareBar';
export { VoteButtons, VotesProvider } from './components/VoteButtons';
export { useLiveTrip } from './live/useLiveTrip';

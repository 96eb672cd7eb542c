// Planning together: what other features and pages use of sharing (its public API).
export { costsHidden } from './api';
export { HiddenCostsTrip } from './components/HiddenCostsTrip';
export { RoleBadge, SharePanel } from './components/SharePanel';
export { VoteButtons } from './components/VoteButtons';

// The sharing capability: who may do what with a trip (can), and what a person may see
// of it — accessByMember, costs hidden for viewers, the view of a trip for a member
// (tripForRole) and of a list — the one visibility rule every other capability asks.
// Also invitations, members and leaving, and the announcements other services receive
// (each carries what every member may see). Votes are shown through the VoteTally port
// the votes capability implements: sharing never imports votes.
export * from './domain/sharing';
export * from './domain/sharing-service';
export * from './domain/trip-list';
export * from './domain/trip-events';
export * from './domain/alert-state';
export * from './http/answers';
export * from './http/guess-limit';
export * from './domain/access';
export * from './http/invite-answers';
export * from './http/etag';
export * from './http/replays';
export * from './http/schemas';
export * from './http/routes';

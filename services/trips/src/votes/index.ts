// The votes capability: members' votes on windows, counted for each reader (windowVotes,
// the VoteTally sharing shows). Votes depend on sharing, never the other way.
export * from './domain/votes';
export * from './http/routes';

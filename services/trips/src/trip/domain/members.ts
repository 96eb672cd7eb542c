// Who is on a trip as it is stored: its members with their roles, its invitations and
// the votes they cast. The record's part every capability reads; what a role may do and
// see of the trip is the sharing capability's rule (sharing/), how votes are counted the
// votes capability's (votes/).
export const ROLES = ['owner', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
/** The roles an invitation or a role change may give (there is one owner, the creator). */
export const MEMBER_ROLES = ['editor', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A member stored before names were known, or a token that carries none. */
export const UNNAMED = 'A traveller';

export interface Member {
  /** The account's id, a 24-hex string as in every token (never an ObjectId). */
  user_id: string;
  name: string;
  role: Role;
  joined_at: string;
}

export interface InviteRecord {
  _id: string;
  role: MemberRole;
  /** sha256 of the token, hex: the token itself is never stored. */
  token_hash: string;
  inviter_name: string;
  created_at: string;
  expires_at: string;
  revoked_at?: string;
}

/**
 * What each role may do. read: every answer about the trip; edit: windows, items,
 * dates, travellers, budget, notes, commit and clear plan; vote: on windows;
 * manage: invitations, members and sharing settings; delete: the trip.
 */
export type Action = 'read' | 'vote' | 'edit' | 'manage' | 'delete';

/** A member's vote on a window (counted by votes/). */
export const VOTES = ['yes', 'maybe', 'no'] as const;
export type Vote = (typeof VOTES)[number];
/** Per window id, per user id. */
export type TripVotes = Record<string, Record<string, Vote>>;

/** What membership is read from: the owner's id, the trip's creation and its members (a TripRecord's fields). */
export interface Membership {
  user_id: string;
  created_at: string;
  members?: Member[];
}

/** The trip's members, the owner first; a trip stored before sharing has its owner alone. */
export function membersOf(trip: Membership): Member[] {
  if (trip.members && trip.members.length > 0) return trip.members;
  return [{ user_id: trip.user_id, name: UNNAMED, role: 'owner', joined_at: trip.created_at }];
}

/** The caller's role on the trip; null for anyone who is not a member. */
export function roleOf(trip: Membership, userId: string): Role | null {
  if (trip.user_id === userId) return 'owner';
  return membersOf(trip).find((member) => member.user_id === userId)?.role ?? null;
}

/** The name a change is shown under: the one given (a token's), else the member's name in the trip. */
export function actorNameIn(trip: Membership, userId: string, given?: string): string {
  return given?.trim() || membersOf(trip).find((member) => member.user_id === userId)?.name || UNNAMED;
}

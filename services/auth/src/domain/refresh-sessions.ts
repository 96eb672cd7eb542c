// The login-session port: what the account rules need from refresh-token families.
// store/refresh-sessions.ts implements it in Redis (ADR 0005).
export interface IssuedRefreshToken {
  token: string;
  /** Epoch ms when the family (and so this token) expires. */
  expiresAt: number;
}

export type RotationOutcome =
  | { kind: 'rotated'; userId: string; successor: IssuedRefreshToken }
  /** A token rotated within the grace window: an access token, but no new refresh token. */
  | { kind: 'grace'; userId: string }
  /** A token rotated before the grace window: the whole family is now revoked. */
  | { kind: 'reused'; userId: string }
  | { kind: 'invalid' };

export interface RefreshSessions {
  start(userId: string): Promise<IssuedRefreshToken>;
  rotate(token: string): Promise<RotationOutcome>;
  /** Ends the token's whole family (logout); unknown tokens are ignored. */
  revoke(token: string): Promise<void>;
  /** Ends every session of the user at once (all devices), e.g. when the account is deleted. */
  revokeAllOfUser(userId: string): Promise<void>;
  ping(): Promise<void>;
}

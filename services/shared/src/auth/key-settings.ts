// The environment variables that say which keys sign and verify access tokens, and
// the verifier they configure (docs/deploy.md, "Rotating the JWT keys"):
//   JWT_PUBLIC_KEY      static public key(s): trusted as long as they are set
//   JWKS_URL            the auth service's key set; default <AUTH_URL>/api/user/.well-known/jwks.json
//   JWKS_REFRESH_SECONDS / JWKS_COOLDOWN_SECONDS   how fresh the cached set is kept
// With JWT_PUBLIC_KEY alone a process verifies with that key only (local mode and
// tests, no network); with JWKS_URL, or with neither, it follows the JWKS.
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { ConfigError, optionalUrlSetting, readPem, readPemList, urlSetting } from '../config';
import type { Logger } from '../logger';
import { jwksKeyRing, staticKeyRing } from './key-ring';
import { KeyError, publicKeysFromPem, signingKeyFrom, type SigningKey } from './keys';
import { createTokenVerifier, type TokenVerifier } from './tokens';

export const JWKS_PATH = '/api/user/.well-known/jwks.json';

/** The reason, worded to follow the variable's name in the start-up error. */
function problem(error: unknown): string {
  if (error instanceof ConfigError) return error.message.replace(/^Invalid configuration: \w+: /, '');
  if (error instanceof KeyError) return error.message;
  return 'is not a valid PEM key';
}

/** Public keys as PEM text, a file, or a directory of `*.pem` files; unset or '' → []. */
export const publicKeysSetting = (variable: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx): KeyObject[] => {
      if (!value) return [];
      try {
        const text = readPemList(value, variable);
        const keys = publicKeysFromPem(text);
        if (keys.length === 0 && text.trim() !== '') throw new ConfigError('holds no PUBLIC KEY or CERTIFICATE block');
        return keys;
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: problem(error) });
        return z.NEVER;
      }
    });

/** The RSA private key that signs (auth only), as PEM text or a file path. */
export const signingKeySetting = (variable: string) =>
  z.string({ message: 'is required (PEM text or a file path)' }).transform((value, ctx): SigningKey => {
    try {
      return signingKeyFrom(readPem(value, variable));
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: problem(error) });
      return z.NEVER;
    }
  });

const seconds = (fallback: number, min: number) => z.coerce.number().min(min).max(86_400).default(fallback);

/** Spread into the config schema of every process that verifies tokens but does not sign them. */
export const tokenVerifierSettings = {
  JWT_PUBLIC_KEY: publicKeysSetting('JWT_PUBLIC_KEY'),
  AUTH_URL: urlSetting('http://127.0.0.1:4001'),
  JWKS_URL: optionalUrlSetting(),
  /** A cached key set older than this is refreshed in the background on its next use. */
  JWKS_REFRESH_SECONDS: seconds(300, 1),
  /** Least time between two fetches caused by tokens with unknown key ids. */
  JWKS_COOLDOWN_SECONDS: seconds(30, 0),
};

export interface TokenVerifierConfig {
  JWT_PUBLIC_KEY: KeyObject[];
  AUTH_URL: string;
  JWKS_URL?: string;
  JWKS_REFRESH_SECONDS: number;
  JWKS_COOLDOWN_SECONDS: number;
}

/** Where the verifier looks for keys; undefined when it uses its static keys only. */
export function jwksUrlOf(config: TokenVerifierConfig): string | undefined {
  if (config.JWKS_URL) return config.JWKS_URL;
  if (config.JWT_PUBLIC_KEY.length > 0) return undefined;
  return new URL(JWKS_PATH, config.AUTH_URL).toString();
}

export function verifierFromConfig(config: TokenVerifierConfig, logger: Logger): TokenVerifier {
  const url = jwksUrlOf(config);
  if (!url) return createTokenVerifier(staticKeyRing(config.JWT_PUBLIC_KEY));
  logger.info({ jwks: url, pinnedKeys: config.JWT_PUBLIC_KEY.length }, 'verifying access tokens by the JWKS');
  return createTokenVerifier(
    jwksKeyRing({
      url,
      logger,
      pinned: config.JWT_PUBLIC_KEY,
      refreshIntervalMs: config.JWKS_REFRESH_SECONDS * 1000,
      cooldownMs: config.JWKS_COOLDOWN_SECONDS * 1000,
    }),
  );
}

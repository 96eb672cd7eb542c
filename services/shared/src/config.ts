// Configuration is environment variables only, parsed once at start-up with a zod
// schema. A bad value stops the process with a message that names the variable.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_QUEUE_PREFIX } from './redis-keys';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = issue.path.join('.') || '(environment)';
    return `${variable}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

export const portSetting = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** A URL setting with a default (always set) — see optionalUrlSetting for the other kind. */
export const urlSetting = (fallback: string) => z.string().url({ message: 'must be a URL' }).default(fallback);
export const optionalUrlSetting = () => z.string().url({ message: 'must be a URL' }).optional();

const booleanWords: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };
export const booleanSetting = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const parsed = booleanWords[value.toLowerCase()];
      if (parsed === undefined) {
        ctx.addIssue({ code: 'custom', message: 'must be true or false' });
        return z.NEVER;
      }
      return parsed;
    });

/** The settings every process shares (docs/architecture.md §7). */
export const commonSettings = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.string().url({ message: 'must be a redis:// URL' }).default('redis://127.0.0.1:6379'),
  /**
   * The prefix of every Redis key and channel the product uses: BullMQ queues, sessions,
   * revocations, rate limits, caches (redis-keys.ts). Two products sharing one Redis
   * (two checkouts' `npm start`, parallel test runs) must have different ones.
   */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[\w-]{1,40}$/, { message: 'letters, digits, - and _ only' })
    .default(DEFAULT_QUEUE_PREFIX),
  /**
   * Who this process is, answered by GET /healthz (`instance`): `npm start` hands every
   * process its own, so the launcher and the gateway can tell their own service from
   * another process that happens to answer on the same port.
   */
  INSTANCE_ID: z
    .string()
    .regex(/^[\w.-]{1,80}$/, { message: 'letters, digits, ., - and _ only' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
};

/** Where embedded stores keep their files; `<DATA_DIR>/<service>`. */
export const DEFAULT_DATA_DIR = '.data';
export const dataDirSetting = z.string().min(1).default(DEFAULT_DATA_DIR);
/** Unset → embedded store; set → MongoDB. */
export const mongoUrlSetting = z
  .string()
  .regex(/^mongodb(\+srv)?:\/\//, { message: 'must be a mongodb:// URL' })
  .optional()
  .or(z.literal('').transform(() => undefined));
/** The settings of a service that owns a store: its embedded files or its MongoDB. */
export const storeSettings = { DATA_DIR: dataDirSetting, MONGO_URL: mongoUrlSetting };

/**
 * A PEM key given either inline or as a path to a file. Inline text is recognised
 * by its BEGIN line, so a path can never be mistaken for a key.
 */
export function readPem(value: string, variable: string): string {
  const text = value.includes('-----BEGIN') ? value : readKeyFile(value, variable);
  if (!text.includes('-----BEGIN')) throw new ConfigError(`Invalid configuration: ${variable}: is not a PEM key`);
  return text.replace(/\\n/g, '\n');
}

function readKeyFile(path: string, variable: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(`Invalid configuration: ${variable}: cannot read key file ${path}`);
  }
}

export const pemSetting = (variable: string) =>
  z
    .string({ message: 'is required (PEM text or a file path)' })
    .min(1, { message: 'is required (PEM text or a file path)' })
    .transform((value) => readPem(value, variable));

/**
 * PEM text that may hold several keys, given inline, as a file, or as a directory
 * whose `*.pem` files are read in name order (a mounted Kubernetes Secret). An empty
 * directory gives ''.
 */
export function readPemList(value: string, variable: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  let isDirectory: boolean;
  try {
    isDirectory = statSync(value).isDirectory();
  } catch {
    throw new ConfigError(`Invalid configuration: ${variable}: cannot read ${value}`);
  }
  if (!isDirectory) return readPem(value, variable);
  return readdirSync(value)
    .filter((name) => name.endsWith('.pem'))
    .sort()
    .map((name) => readPem(join(value, name), variable))
    .join('\n');
}

// MongoDB through mongoose, used when MONGO_URL is set. Each service gets its own
// connection (and, by URL, its own database).
import type { Connection } from 'mongoose';
import type { Logger } from '../logger';

export async function connectMongo(url: string, logger: Logger): Promise<Connection> {
  // Loaded only when MongoDB is used: on the embedded store (and in the gateway, which
  // imports this kit) mongoose's ~10 MB of heap would be dead weight for every GC.
  const { default: mongoose } = await import('mongoose');
  const connection = mongoose.createConnection(url, {
    serverSelectionTimeoutMS: 5000,
    maxPoolSize: 20,
    autoIndex: true,
  });
  connection.on('disconnected', () => logger.warn('mongodb disconnected'));
  connection.on('reconnected', () => logger.info('mongodb reconnected'));
  await connection.asPromise();
  logger.info({ db: connection.name }, 'connected to mongodb');
  return connection;
}

export async function pingMongo(connection: Connection): Promise<void> {
  if (!connection.db) throw new Error('mongodb not connected');
  await connection.db.admin().ping();
}

/**
 * mongoose → plain object with string ids (docs/service-kit.md): no mongoose document or
 * ObjectId ever leaves a store.
 */
export function fromMongo<T>(doc: unknown): T {
  // ObjectId and Date serialise to hex and ISO strings through their toJSON.
  return JSON.parse(JSON.stringify(doc), (key, value) => (key === '__v' ? undefined : value)) as T;
}

/** Duplicate-key errors look the same from both adapters once mapped through this. */
export function isDuplicateKeyError(error: unknown): boolean {
  const code = (error as { code?: unknown; errorType?: unknown })?.code;
  const errorType = (error as { errorType?: unknown })?.errorType;
  return code === 11000 || errorType === 'uniqueViolated';
}

/**
 * The filter part of a compare-and-swap on a document's `version`: documents written
 * before versions existed have none and count as version 0.
 */
export function atVersion(expected: number): Record<string, unknown> {
  return expected === 0 ? { version: { $in: [0, null] } } : { version: expected };
}

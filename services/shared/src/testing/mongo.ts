// Where the store contract suites find MongoDB: MONGO_URL if set, else a
// testcontainers MongoDB when a Docker engine answers, else none (the suites then
// run against the embedded adapter only and say so).
import { existsSync } from 'node:fs';

export interface TestMongo {
  url: string;
  stop(): Promise<void>;
}

export async function mongoForTests(): Promise<TestMongo | undefined> {
  if (process.env.MONGO_URL) return { url: process.env.MONGO_URL, stop: async () => undefined };
  if (!dockerLikelyAvailable()) return undefined;
  try {
    const { MongoDBContainer } = await import('@testcontainers/mongodb');
    const container = await new MongoDBContainer('mongo:7').start();
    return {
      url: `${container.getConnectionString()}?directConnection=true`,
      stop: () => container.stop().then(() => undefined),
    };
  } catch {
    return undefined;
  }
}

/**
 * Synchronous first guess for declaring suites (jest declares them synchronously):
 * true when MONGO_URL is set or a Docker engine may be reachable.
 */
export function mongoLikelyAvailable(): boolean {
  return Boolean(process.env.MONGO_URL) || dockerLikelyAvailable();
}

function dockerLikelyAvailable(): boolean {
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

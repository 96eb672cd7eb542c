// Boots the real imports service in-process (real Redis, real worker threads) for a test file.
import { silentLogger, testServiceEnv, testUser, tokenFor } from '@tripcost/shared/testing';
import { configFrom, startImports, type RunningImports } from '../../src';
import type { DocumentReader } from '../../src/domain/imports';

export async function bootImports(overrides: Record<string, string> = {}, read?: DocumentReader) {
  const config = configFrom(testServiceEnv(overrides));
  const service: RunningImports = await startImports(config, silentLogger(), { read });
  return { config, service, url: service.url };
}

export function caller() {
  const user = testUser();
  return { user, authorization: `Bearer ${tokenFor(user)}` };
}

/** A multipart upload of `files` (name → bytes) in the field `files`. */
export function upload(files: Array<[string, Uint8Array | string]>, field = 'files'): FormData {
  const form = new FormData();
  for (const [name, bytes] of files) form.append(field, new Blob([bytes]), name);
  return form;
}

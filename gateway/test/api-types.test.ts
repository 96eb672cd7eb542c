// The web app's API types are generated from the gateway's merged OpenAPI document
// (every service's routes, requests and answers) into web/src/lib/api-types.ts, which
// is checked in. This test regenerates them and fails when the file is stale, so a
// server change that the client has not caught up with fails the build.
// To update: `npm run api-types` (the same test with UPDATE_API_TYPES=1).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEPLOYABLES } from '@tripcost/shared';
import { mergeOpenApiDocuments, type OpenApiDoc } from '../src/docs';

const ROOT = join(__dirname, '..', '..');
/** Whom the gateway calls (deployables.json: every deployable with routes), as the kit compiled the list. */
const GATEWAY_CALLS: readonly string[] = DEPLOYABLES.find((d) => d.name === 'gateway')!.calls;
const CHECKED_IN = join(ROOT, 'web', 'src', 'lib', 'api-types.ts');
const GENERATOR = join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');

function generate(): string {
  // Every service the gateway routes to, in deployables.json's order: a new service's
  // routes reach the web app's types with no edit here.
  const documents = GATEWAY_CALLS.map((name) => ({
    name,
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the workspace named by the list
    doc: (require(`@tripcost/${name}`) as { apiDocument(): object }).apiDocument() as OpenApiDoc,
  }));
  const dir = mkdtempSync(join(tmpdir(), 'api-types-'));
  const input = join(dir, 'openapi.json');
  const output = join(dir, 'api-types.ts');
  writeFileSync(input, JSON.stringify(mergeOpenApiDocuments(documents), null, 2));
  const run = spawnSync(process.execPath, [GENERATOR, input, '--output', output], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`openapi-typescript failed: ${run.stderr}`);
  return readFileSync(output, 'utf8');
}

describe('generated API types of the web app', () => {
  it('when the services declare their routes, then web/src/lib/api-types.ts is what the generator makes of them', () => {
    const fresh = generate();
    if (process.env.UPDATE_API_TYPES === '1') writeFileSync(CHECKED_IN, fresh);
    const current = readFileSync(CHECKED_IN, 'utf8');
    // A readable failure: the first line that differs, and how to fix it.
    if (current !== fresh) {
      const a = current.split('\n');
      const b = fresh.split('\n');
      const line = a.findIndex((text, i) => text !== b[i]);
      throw new Error(
        `web/src/lib/api-types.ts is stale (first difference at line ${line + 1}: ` +
          `${JSON.stringify(a[line])} vs ${JSON.stringify(b[line])}). Run \`npm run api-types\` and commit the result.`,
      );
    }
    expect(fresh).toContain('"/api/trips/getaway/{tripId}"');
  });
});

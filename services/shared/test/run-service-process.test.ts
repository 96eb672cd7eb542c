// Every service's main.ts is one call of runServiceProcess: a bad config exits 1 with
// one fatal log line, and SIGTERM stops the started service and exits 0.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const KIT = join(__dirname, '..', 'dist', 'index.js');

function runScript(source: string, env: Record<string, string> = {}, signalAfterMs?: number) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['-e', source], { env: { ...process.env, LOG_LEVEL: 'info', ...env } });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    if (signalAfterMs !== undefined) {
      child.stdout.once('data', () => setTimeout(() => child.kill('SIGTERM'), signalAfterMs));
    }
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('runServiceProcess', () => {
  it('when the config is invalid, then the process logs it once as fatal and exits 1', async () => {
    const { code, out } = await runScript(`
      const { runServiceProcess } = require(${JSON.stringify(KIT)});
      runServiceProcess('demo', () => { throw new Error('PORT: expected number'); }, async () => ({ stop: async () => {} }));
    `);
    expect(code).toBe(1);
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([expect.objectContaining({ level: 60, service: 'demo', msg: 'PORT: expected number' })]);
  });

  it('when the service fails to start, then the process exits 1', async () => {
    const { code, out } = await runScript(`
      const { runServiceProcess } = require(${JSON.stringify(KIT)});
      runServiceProcess('demo', () => ({ LOG_LEVEL: 'info' }), async () => { throw new Error('redis is down'); });
    `);
    expect(code).toBe(1);
    expect(out).toContain('redis is down');
  });

  it('when SIGTERM arrives, then the started service is stopped and the process exits 0', async () => {
    const { code, out } = await runScript(
      `
      const { runServiceProcess } = require(${JSON.stringify(KIT)});
      runServiceProcess('demo', () => ({ LOG_LEVEL: 'info' }), async (config, logger) => {
        logger.info('started');
        const keepAlive = setInterval(() => {}, 1000);
        return { stop: async () => { clearInterval(keepAlive); process.stdout.write('stopped\\n'); } };
      });
    `,
      {},
      50,
    );
    expect(out).toContain('stopped');
    expect(code).toBe(0);
  });
});

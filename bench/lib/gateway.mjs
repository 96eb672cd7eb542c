// Starts the built gateway in its own process in front of services a benchmark
// already runs, so every bench can report the same call direct and through the
// gateway. Rate limits are lifted: the benchmark is the only client.
import { spawn } from 'node:child_process';
import { componentArgs, freePort } from '../../scripts/lib/environment.mjs';

export async function startBenchGateway(env) {
  const port = await freePort();
  const child = spawn(process.execPath, componentArgs('gateway'), {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      PHOTO_RATE_LIMIT_PER_MINUTE: '1000000000',
      LOGIN_FAILURES_PER_15_MIN: '1000000000',
      // Its metrics listener on a port of its own: 9464 may be another stack's.
      METRICS_PORT: String(await freePort()),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

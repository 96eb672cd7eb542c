// The kit's per-request cost: the same authenticated route (token check, ~25 kB JSON
// list) served by a kit-built service (Express, request tracking, zod route) and by
// bare node:http, each in its own process, 50 connections, alternating rounds.
// Reports the throughput ratio and the CPU each spends per request.
// Run: npx tsc -b services/shared && node bench/kit-overhead.mjs [--smoke]
import { benchIdentity } from './lib/identity.mjs';
import { loadWithCpu, startNode, summary } from './lib/processes.mjs';
import { isMain, median, ms, ratio, runAlone } from './lib/table.mjs';
import { bareService, kitService, LIST_PATH } from './lib/upstreams.mjs';

export async function run({ smoke, log }) {
  const seconds = smoke ? 1 : 5;
  const rounds = smoke ? 1 : 5;
  const { publicKey, token } = benchIdentity();
  // Both log at info, as a service does in production (the bare one has no log).
  const env = { JWT_PUBLIC_KEY: publicKey, LOG_LEVEL: 'info' };
  const targets = {
    kit: await startNode({ source: kitService, env }),
    bare: await startNode({ source: bareService, env }),
  };
  const headers = { authorization: `Bearer ${token}` };
  const results = { kit: [], bare: [] };
  try {
    for (const target of Object.values(targets)) {
      await loadWithCpu({ url: `${target.url}${LIST_PATH}`, headers, seconds: 1 }, [target.pid]); // warm up
    }
    for (let round = 1; round <= rounds; round++) {
      for (const [name, target] of Object.entries(targets)) {
        results[name].push(await loadWithCpu({ url: `${target.url}${LIST_PATH}`, headers, seconds }, [target.pid]));
      }
      log(`kit round ${round}: kit ${summary(results.kit.at(-1))} | bare ${summary(results.bare.at(-1))}`);
    }
  } finally {
    await Promise.all(Object.values(targets).map((target) => target.stop()));
  }
  const cpu = (name) => median(results[name].map((r) => r.cpuPerRequest[0]));
  const throughput = median(results.kit.map((r, i) => r.requests.average / results.bare[i].requests.average));
  return [
    {
      measure: 'kit service ÷ bare node:http, same route, throughput',
      comparison: `median of ${rounds} rounds, 50 connections, ~25 kB JSON`,
      result: ratio(throughput),
      target: 'context',
      pass: null,
    },
    {
      measure: 'kit service CPU per request',
      comparison: `kit ${ms(cpu('kit'))} vs bare node:http ${ms(cpu('bare'))}`,
      result: `+${ms(cpu('kit') - cpu('bare'))}`,
      target: 'context',
      pass: null,
    },
  ];
}

if (isMain(import.meta.url)) await runAlone(run);

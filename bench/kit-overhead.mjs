// The kit's per-request cost: the same authenticated route (token check, ~25 kB JSON
// list) served by a kit-built service (Express, request tracking, zod route) and by
// bare node:http, each in its own process, 50 connections, alternating rounds.
// Reports the throughput ratio and the CPU each spends per request; then the kit's
// layers one at a time (lib/upstreams.mjs kitLayersService: Express alone, then
// + tracking, + request context, + auth, + validation, + the access line at info),
// each in its own process, closed loop like the rows above: the CPU per request each
// layer adds.
// Run: npx tsc -b services/shared && node bench/kit-overhead.mjs [--smoke]
import { benchIdentity } from './lib/identity.mjs';
import { loadWithCpu, startNode, summary } from './lib/processes.mjs';
import { isMain, median, ms, ratio, runAlone } from './lib/table.mjs';
import { bareService, kitLayersService, kitService, LIST_PATH } from './lib/upstreams.mjs';

/** Cumulative: each step adds one of the kit's layers to the one before. */
const LADDER = [
  ['Express + inline token check', ''],
  ['+ tracking (request id, headers, metrics; success line at debug)', 'tracking'],
  ['+ request context (AsyncLocalStorage)', 'tracking,context'],
  ['+ auth (requireAuth)', 'tracking,context,auth'],
  ['+ validation (defineRoute, zod query): the kit today', 'tracking,context,auth,validation'],
  ['+ success line at info (as the kit logged before)', 'tracking,context,auth,validation,info'],
];

export async function run({ smoke, log }) {
  const seconds = smoke ? 1 : 3; // 5 rounds of 3 s: the full run stays within 15 minutes
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
  const layers = await layerCosts({ smoke, log, env, headers });
  return [
    {
      measure: 'kit service ÷ bare node:http, same route, throughput',
      comparison: `median of ${rounds} rounds, 50 connections, ~25 kB JSON`,
      result: ratio(throughput),
      target: '≥ 0.6×',
      pass: smoke ? null : throughput >= 0.6,
    },
    ...layers,
    {
      measure: 'kit service CPU per request',
      comparison: `kit ${ms(cpu('kit'))} vs bare node:http ${ms(cpu('bare'))}`,
      result: `+${ms(cpu('kit') - cpu('bare'))}`,
      target: 'context',
      pass: null,
    },
  ];
}

/** CPU per request of each step of LADDER, closed loop, rounds alternating; one row per layer. */
async function layerCosts({ smoke, log, env, headers }) {
  const seconds = smoke ? 1 : 2; // context rows; the full run stays within 15 minutes
  const steps = [];
  for (const [name, layers] of LADDER) {
    steps.push({
      name,
      process: await startNode({ source: kitLayersService, env: { ...env, KIT_LAYERS: layers } }),
      cpu: [],
    });
  }
  try {
    for (let round = 1; round <= (smoke ? 1 : 3); round++) {
      for (const step of steps) {
        const result = await loadWithCpu({ url: `${step.process.url}${LIST_PATH}`, headers, seconds }, [
          step.process.pid,
        ]);
        step.cpu.push(result.cpuPerRequest[0]);
      }
      log(`kit layers round ${round}: ${steps.map((step) => `${step.name} ${ms(step.cpu.at(-1))}`).join(' | ')}`);
    }
  } finally {
    await Promise.all(steps.map((step) => step.process.stop()));
  }
  return steps.map((step, i) => {
    const own = median(step.cpu);
    const added = i === 0 ? own : own - median(steps[i - 1].cpu);
    return {
      measure: `kit layer: ${step.name}`,
      comparison: `CPU per request, 50 connections, median of ${step.cpu.length} rounds: ${ms(own)} in all`,
      result: i === 0 ? ms(own) : `${added >= 0 ? '+' : '−'}${ms(Math.abs(added))}`,
      target: 'context',
      pass: null,
    };
  });
}

if (isMain(import.meta.url)) await runAlone(run);

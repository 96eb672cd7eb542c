// The event routing table (src/events.ts, docs/architecture.md §5) names its consumers as
// a type the compiler checks; the root deployables.json is the list of what actually runs,
// so every consumer must be one of its services (an inbox nobody reads would fill forever).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EVENT_CONSUMERS } from '../src/events';

const deployables: { name: string; dir: string }[] = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../../deployables.json'), 'utf8'),
).deployables;

describe('event consumers against deployables.json', () => {
  it.each(Object.entries(EVENT_CONSUMERS))(
    'when %s is published, then each consumer is a deployed service',
    (_type, consumers) => {
      for (const consumer of consumers)
        expect(deployables.find((d) => d.name === consumer)?.dir).toBe(`services/${consumer}`);
    },
  );
});

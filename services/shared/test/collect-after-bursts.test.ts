// A burst of ended live streams asks V8 for one major collection once the burst is over
// (src/collect-after-bursts.ts; bench/live-streams.mjs measures the memory it gives back).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from '@swc/core';
import { collectAfterBursts, majorCollection } from '../src/collect-after-bursts';

describe('collectAfterBursts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('collects once the burst has gone quiet, and once more a second later', () => {
    const collect = jest.fn();
    const collector = collectAfterBursts({ burst: 100, quietMs: 2000, collect });
    for (let i = 0; i < 150; i++) {
      collector.ended();
      jest.advanceTimersByTime(10); // a burst's ends arrive over 1.5 s
    }
    expect(collect).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1989); // 2 s after the last end, less the 10 ms the loop waited
    expect(collect).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('leaves a few ended connections to the ordinary collections', () => {
    const collect = jest.fn();
    const collector = collectAfterBursts({ burst: 100, quietMs: 2000, collect });
    for (let i = 0; i < 99; i++) collector.ended();
    jest.advanceTimersByTime(10_000);
    expect(collect).not.toHaveBeenCalled();
    // The count goes on: the hundredth end, however late, makes a burst.
    collector.ended();
    jest.advanceTimersByTime(2000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('counts the next burst from zero, and stop cancels a pending collection', () => {
    const collect = jest.fn();
    const collector = collectAfterBursts({ burst: 3, quietMs: 100, collect });
    for (let i = 0; i < 3; i++) collector.ended();
    jest.advanceTimersByTime(1100); // the collection and its follow-up
    for (let i = 0; i < 2; i++) collector.ended();
    jest.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(2);
    collector.ended();
    collector.stop();
    jest.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(2);
  });
});

describe('majorCollection', () => {
  it('does nothing without --expose-gc', () => {
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    expect(() => majorCollection()).not.toThrow();
  });

  it('with --expose-gc and the old space every process starts with, frees what is unreachable', () => {
    // The module as the service runs it, compiled to CommonJS, in a process of its own.
    const compiled = transformSync(readFileSync(join(__dirname, '../src/collect-after-bursts.ts'), 'utf8'), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    }).code;
    const script = `
      const module = { exports: {} };
      new Function('exports', 'module', ${JSON.stringify(compiled)})(module.exports, module);
      const { majorCollection } = module.exports;
      let garbage = Array.from({ length: 200_000 }, (_, i) => ({ i, text: 'x'.repeat(20) + i }));
      const before = process.memoryUsage().heapUsed;
      garbage = null;
      majorCollection();
      console.log(JSON.stringify({ before, after: process.memoryUsage().heapUsed }));`;
    const out = execFileSync(process.execPath, ['--expose-gc', '--initial-old-space-size=128', '-e', script], {
      encoding: 'utf8',
    });
    const { before, after } = JSON.parse(out) as { before: number; after: number };
    expect(after).toBeLessThan(before / 2);
  });
});

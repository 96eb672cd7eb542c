// Jest's order for `npm test`: the longest suites first, so that the two workers end
// together instead of one running a four-minute suite alone at the end.
//
// Jest does this itself from its cache of past durations, but CI runs on a fresh
// clone, where it has none and falls back to file size — and our slowest suites
// (the bench smoke, the system and fault suites: whole products started as
// processes) are small files, so they started last. Here a suite's duration is, in
// order: Jest's cache, the last `npm test` here (test-results/suite-times.json), the
// committed measurements (suite-seconds.json, refreshed by hand from a CI run), and
// otherwise an estimate from where it lives and its size.
'use strict';

const { existsSync, readFileSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const ROOT = join(__dirname, '..', '..');
/** Suites that start the product or its parts as processes: a minute, as a first guess. */
const PROCESS_SUITES = /^(bench|system|fault|scripts|k8s)\//;

function measured() {
  const seconds = new Map();
  for (const file of [join(__dirname, 'suite-seconds.json'), join(ROOT, 'test-results', 'suite-times.json')]) {
    if (!existsSync(file)) continue;
    try {
      for (const { name, seconds: value } of JSON.parse(readFileSync(file, 'utf8'))) seconds.set(name, value * 1000);
    } catch {
      // a half-written file from a stopped run: the other sources still order the suites
    }
  }
  return seconds;
}

class LongestFirst extends Sequencer {
  constructor(...args) {
    super(...args);
    this.measured = measured();
  }

  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const name = relative(ROOT, test.path);
    if (this.measured.has(name)) return this.measured.get(name);
    // About a second per 2 kB of test code, as Jest's own size fallback assumes.
    const estimate = statSync(test.path).size / 2;
    return PROCESS_SUITES.test(name) ? Math.max(estimate, 60_000) : estimate;
  }
}

module.exports = LongestFirst;

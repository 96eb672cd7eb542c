// The rule's type, for the test that runs it (no-cycle.cjs is plain JavaScript so the lint config can load it as is).
import type { Rule } from 'eslint';

declare const rule: Rule.RuleModule;
export = rule;

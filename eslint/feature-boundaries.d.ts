import type { Rule } from 'eslint';

export function assertNoCycle(allowed: Record<string, readonly string[]>): void;
export const featureBoundaries: Rule.RuleModule;

import { expect, test } from 'vitest';
import { budgetProblems, type RouteBudget, type RouteWeight } from './budget.ts';

// The build's route budgets (issues 16 and 46): bytes, files and page-only code; an exceeded one names itself.

const budget: RouteBudget = {
  route: '/dashboard',
  modules: [],
  maxScriptBytes: 100 * 1024,
  maxStyleBytes: 10 * 1024,
  maxRequests: 3,
  forbidden: [],
};

const weight = (files: number, scriptKib: number, forbiddenFound: string[] = []): RouteWeight => ({
  route: '/dashboard',
  files: Array.from({ length: files }, (_, i) => `assets/f${i}.js`),
  script: { raw: 0, gzip: 0, brotli: scriptKib * 1024 },
  style: { raw: 0, gzip: 0, brotli: 1024 },
  forbiddenFound,
});

test('within every limit: no problem', () => {
  expect(budgetProblems(weight(3, 100), budget)).toEqual([]);
});

test('one file too many, bytes over, page-only code: each is named', () => {
  expect(budgetProblems(weight(4, 101, ['zod/v4/core/core.js']), budget)).toEqual([
    '/dashboard: JavaScript 101.0 KiB (brotli) is over 100.0 KiB',
    '/dashboard: 4 files (scripts and stylesheets) are over 3: assets/f0.js assets/f1.js assets/f2.js assets/f3.js',
    '/dashboard: loads code it does not use: zod/v4/core/core.js',
  ]);
});

test('a budget without a file limit counts bytes only', () => {
  const { maxRequests: _, ...bytesOnly } = budget;
  expect(budgetProblems(weight(40, 10), bytesOnly)).toEqual([]);
});

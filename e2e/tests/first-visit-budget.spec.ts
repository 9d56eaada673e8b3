import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FIRST_VISIT_BUDGET_BYTES, landingPageWeight } from '../support/page-weight.ts';

const distDir = path.resolve(import.meta.dirname, '../../apps/web/dist');

// A size, not a timing: the same build weighs the same on any machine, so the budget of
// decisions 018 and 051 holds in every run, not only when someone runs the bench.
test("the first visit's JavaScript stays within its gzipped budget", () => {
  const weight = landingPageWeight(distDir);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  expect(
    weight.firstVisitGzipBytes,
    `first visit ${kb(weight.firstVisitGzipBytes)}, budget ${kb(FIRST_VISIT_BUDGET_BYTES)}: ${weight.firstVisitFiles.join(', ')}`,
  ).toBeLessThanOrEqual(FIRST_VISIT_BUDGET_BYTES);
});

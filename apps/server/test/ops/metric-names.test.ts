import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { primaryFigures } from '#server/ops/metrics-server.ts';
import { repoRoot } from '#server/paths.ts';
import { createTestApp, type TestApp } from '#server-test/helper.ts';

/**
 * The README's Monitoring section and docs/grafana-dashboard.json name only metrics the server
 * has: a renamed metric fails here, not on an operator's empty graph.
 */
const METRIC_NAME = /\b(?:btcp|nodejs)_[a-z0-9_]*[a-z0-9]\b/g;
const HISTOGRAM_SERIES = /_(?:bucket|count|sum)$/;

let t: TestApp;
let registered: Set<string>;
let histograms: Set<string>;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_PORT: '9464' } });
  // The first process's own figures, with several processes, are named beside the workers'.
  const primary = new Registry();
  primaryFigures(primary);
  const metrics = [
    ...((await t.app.metrics?.getMetricsAsJSON()) ?? []),
    ...(await primary.getMetricsAsJSON()),
  ];
  registered = new Set(metrics.map((metric) => metric.name));
  histograms = new Set(
    metrics.filter((metric) => String(metric.type) === 'histogram').map((metric) => metric.name),
  );
});
afterAll(() => t.close());

/** A name as the registry knows it: a histogram's series are its own name. */
const metricOf = (name: string) => {
  const base = name.replace(HISTOGRAM_SERIES, '');
  return base !== name && histograms.has(base) ? base : name;
};

const unknownNames = (text: string) =>
  [...new Set(text.match(METRIC_NAME) ?? [])].filter((name) => !registered.has(metricOf(name)));

describe('the metric names operators read', () => {
  it('in the README’s Monitoring section all exist', async () => {
    const readme = await readFile(path.join(repoRoot, 'README.md'), 'utf8');
    const section = readme.split('\n## Monitoring\n')[1]?.split('\n## ')[0] ?? '';
    expect(section.match(METRIC_NAME)?.length).toBeGreaterThan(10);
    expect(unknownNames(section)).toEqual([]);
  });

  it('in the Grafana dashboard all exist, and every btcp_ metric has a panel', async () => {
    const dashboard = JSON.parse(
      await readFile(path.join(repoRoot, 'docs/grafana-dashboard.json'), 'utf8'),
    ) as { panels: { targets: { expr: string }[] }[] };
    const queries = dashboard.panels.flatMap((panel) => panel.targets.map((x) => x.expr));
    expect(unknownNames(queries.join('\n'))).toEqual([]);
    const graphed = new Set((queries.join('\n').match(METRIC_NAME) ?? []).map(metricOf));
    expect(
      [...registered].filter((name) => name.startsWith('btcp_') && !graphed.has(name)),
    ).toEqual([]);
  });
});

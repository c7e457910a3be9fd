import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/*
 * The app's Prometheus metrics (docs/decisions/0029-metrics.md). Each app owns one registry, never
 * prom-client's global one: tests build many apps in one process, and a metric name may be registered once
 * per registry. Parts of the app declare their series through this handle (the platform its own, a domain
 * through `context.metrics`); with metrics off (no METRICS_TOKEN) every handle is a no-op and nothing is
 * collected, not even the process's figures.
 */

/** A series' label values, one per label name. */
export type LabelValues<Label extends string> = Readonly<Record<Label, string>>;

export interface MetricDefinition<Label extends string> {
  /** `outpost_…`, in Prometheus's conventions (a counter ends in `_total`, a unit is spelled out). */
  name: string;
  help: string;
  /** Labels whose values are bounded (a route's pattern, an environment, an outcome), never ids or addresses. */
  labelNames: readonly Label[];
}

export interface CounterHandle<Label extends string> {
  inc(labels: LabelValues<Label>, value?: number): void;
}

export interface HistogramHandle<Label extends string> {
  observe(labels: LabelValues<Label>, value: number): void;
}

/** Sets a gauge's series at scrape time; series not set at a scrape are not reported. */
export type GaugeCollector<Label extends string> = (
  set: (labels: LabelValues<Label>, value: number) => void,
) => void | Promise<void>;

export interface Metrics {
  /** Whether anything is recorded: false, every handle does nothing and costs a call. */
  readonly enabled: boolean;
  counter<Label extends string>(definition: MetricDefinition<Label>): CounterHandle<Label>;
  histogram<Label extends string>(
    definition: MetricDefinition<Label> & { buckets: readonly number[] },
  ): HistogramHandle<Label>;
  /** A gauge read when Prometheus scrapes (a count kept elsewhere, a query), not kept up to date per event. */
  gaugeAtScrape<Label extends string>(definition: MetricDefinition<Label>, collect: GaugeCollector<Label>): void;
  /** The registry's text and its content type; undefined with metrics off. */
  scrape(): Promise<{ contentType: string; text: string } | undefined>;
}

const noCounter: CounterHandle<never> = { inc() {} };
const noHistogram: HistogramHandle<never> = { observe() {} };

/** Metrics off: no registry, no default collectors, every handle a no-op. */
export const NO_METRICS: Metrics = {
  enabled: false,
  counter: () => noCounter,
  histogram: () => noHistogram,
  gaugeAtScrape: () => undefined,
  scrape: async () => undefined,
};

function labelNames<Label extends string>(definition: MetricDefinition<Label>): Label[] {
  return [...definition.labelNames];
}

/** One app's metrics in a registry of its own, with the process's default metrics (CPU, memory, event loop, GC). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    enabled: true,
    counter(definition) {
      const counter = new Counter({ ...definition, labelNames: labelNames(definition), registers: [registry] });
      return { inc: (labels, value) => counter.inc(labels, value) };
    },
    histogram(definition) {
      const histogram = new Histogram({
        ...definition,
        labelNames: labelNames(definition),
        buckets: [...definition.buckets],
        registers: [registry],
      });
      return { observe: (labels, value) => histogram.observe(labels, value) };
    },
    gaugeAtScrape<Label extends string>(definition: MetricDefinition<Label>, collect: GaugeCollector<Label>) {
      new Gauge({
        ...definition,
        labelNames: labelNames(definition),
        registers: [registry],
        // Read whole, then swapped in at once: a series that has gone (a job no longer queued) is
        // not reported at its last value, and a scrape never sees another scrape's half.
        async collect() {
          const values: [LabelValues<Label>, number][] = [];
          await collect((labels, value) => values.push([labels, value]));
          this.reset();
          for (const [labels, value] of values) this.set(labels, value);
        },
      });
    },
    async scrape() {
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}

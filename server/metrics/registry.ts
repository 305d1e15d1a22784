/**
 * The server's Prometheus metrics (prom-client): the RED method per route pattern (requests by
 * method, route and status, and their latency), the process (event-loop delay, heap, RSS: the
 * library's default metrics), load shedding, mail, and gauges read from the database when
 * Prometheus scrapes (newsletter deliveries by state, unfinished video uploads), so every
 * process reports what the shared database holds rather than what it alone did. One registry
 * per app: two apps in one process (tests) never share counters.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type MailKind = 'transactional' | 'newsletter';
export type MailOutcome = 'sent' | 'failed';

/** A gauge whose values are read at scrape time, one per label set. */
export type GaugeReading = { labels: Record<string, string>; value: number }[];

export interface Metrics {
  readonly registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  countShed(): void;
  countMail(kind: MailKind, outcome: MailOutcome): void;
  /** A gauge read by `read` on every scrape (a failed read leaves it empty and is logged). */
  gaugeReadAtScrape(options: {
    name: string;
    help: string;
    labelNames: readonly string[];
    read: () => Promise<GaugeReading>;
  }): void;
}

/** From 5 ms to 10 s: a cached list answers in the first buckets, an upload in the last. */
const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(onReadFailure: (error: unknown, gauge: string) => void): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  });
  const shed = new Counter({
    name: 'http_load_shed_total',
    help: 'Requests answered 503 at once because the event loop lagged or memory ran short.',
    registers: [registry],
  });
  const mails = new Counter({
    name: 'mails_total',
    help: 'Mails handed to SMTP or the outbox, by kind and outcome.',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  for (const kind of ['transactional', 'newsletter'] as const) {
    for (const outcome of ['sent', 'failed'] as const) mails.inc({ kind, outcome }, 0);
  }

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
    countShed: () => shed.inc(),
    countMail: (kind, outcome) => mails.inc({ kind, outcome }),
    gaugeReadAtScrape({ name, help, labelNames, read }) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          try {
            for (const { labels, value } of await read()) this.set(labels, value);
          } catch (error) {
            onReadFailure(error, name);
          }
        },
      });
    },
  };
}

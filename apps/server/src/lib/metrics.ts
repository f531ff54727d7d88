import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import client, { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client';
import type { ReplicaStats } from '../db/replicas';

/**
 * The shop's Prometheus metrics (issue 18): one registry per app with the requests, the database pool,
 * the job queues, orders placed and payments by outcome, merged at each scrape with prom-client's
 * process metrics (CPU, memory, event loop, GC), which belong to the process and are registered once.
 * deploy/grafana/sonora-dashboard.json charts them.
 */

export type QueueDepths = { name: string; counts: Record<string, number> }[];

export type MetricsSources = {
  /** null on PGlite: one in-process connection, nothing to wait for. */
  pool: () => PoolStats | null;
  /** The read replicas (db/replicas.ts); null without them. */
  replicas: () => ReplicaStats | null;
  /** Jobs per queue and state, or null while the job queue is not running. */
  queues: () => Promise<QueueDepths | null>;
};

export type Metrics = {
  /** One finished HTTP request; `route` is the route's pattern, never the raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** An order written (not an idempotent replay), by payment method. */
  ordersPlaced: Counter<'payment_method'>;
  /** A gateway's report applied for the first time, by gateway and outcome. */
  payments: Counter<'gateway' | 'outcome'>;
  contentType: string;
  /** The text exposition of every metric, for a scrape. */
  render(): Promise<string>;
};

let processRegistry: Registry | undefined;

/** Latency buckets from a cached read to a slow export, in seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: MetricsSources): Metrics {
  if (!processRegistry) {
    processRegistry = new Registry();
    client.collectDefaultMetrics({ register: processRegistry });
  }
  const processMetrics = processRegistry;
  const registry = new Registry();

  const requests = new Histogram({
    name: 'sonora_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, with their duration',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const ordersPlaced = new Counter({
    name: 'sonora_orders_placed_total',
    help: 'Orders placed, by payment method',
    labelNames: ['payment_method'] as const,
    registers: [registry],
  });
  const payments = new Counter({
    name: 'sonora_payments_total',
    help: 'Payment outcomes reported by the gateways, by gateway and outcome',
    labelNames: ['gateway', 'outcome'] as const,
    registers: [registry],
  });

  const pool = sources.pool;
  // Counters kept by the database (db/client.ts), copied at each scrape.
  const poolCounter = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = pool();
        if (!stats) return;
        this.reset();
        this.inc(read(stats));
      },
    });
  new Gauge({
    name: 'sonora_db_pool_max',
    help: 'Connections the pool may open (1 on the embedded database, its only connection)',
    registers: [registry],
    collect() {
      this.set(pool()?.max ?? 1);
    },
  });
  new Gauge({
    name: 'sonora_db_pool_connections',
    help: 'Pooled database connections by state (in_use, idle)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = pool();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'sonora_db_pool_waiting',
    help: 'Requests waiting for a pooled database connection',
    registers: [registry],
    collect() {
      const stats = pool();
      if (stats) this.set(stats.waiting);
    },
  });
  poolCounter(
    'sonora_db_pool_acquires_total',
    'Database connections handed out by the pool',
    (s) => s.acquires,
  );
  poolCounter(
    'sonora_db_pool_acquire_wait_seconds_total',
    'Seconds spent waiting for a pooled database connection',
    (s) => s.acquireWaitSeconds,
  );
  poolCounter(
    'sonora_db_pool_acquire_timeouts_total',
    'Waits for a pooled database connection that timed out (DB_ACQUIRE_TIMEOUT_MS)',
    (s) => s.acquireTimeouts,
  );

  new Gauge({
    name: 'sonora_db_replica_up',
    help: 'Read replicas by whether catalogue reads go to them (1) or not (0: down, or too far behind)',
    labelNames: ['replica'] as const,
    registers: [registry],
    collect() {
      for (const r of sources.replicas()?.replicas ?? []) this.set({ replica: r.name }, r.healthy ? 1 : 0);
    },
  });
  new Counter({
    name: 'sonora_db_replica_queries_total',
    help: 'Catalogue read queries by where they ran: a replica, or the primary when none was usable',
    labelNames: ['target'] as const,
    registers: [registry],
    collect() {
      const stats = sources.replicas();
      if (!stats) return;
      this.reset();
      for (const r of stats.replicas) this.inc({ target: r.name }, r.queries);
      this.inc({ target: 'primary' }, stats.primaryQueries);
    },
  });

  new Gauge({
    name: 'sonora_job_queue_jobs',
    help: 'Jobs in each queue by state (created, retry, active, completed, cancelled, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const queues = await sources.queues().catch(() => null);
      for (const queue of queues ?? []) {
        for (const [state, n] of Object.entries(queue.counts)) this.set({ queue: queue.name, state }, n);
      }
    },
  });

  return {
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route, status_code: String(status) }, seconds);
    },
    ordersPlaced,
    payments,
    contentType: registry.contentType,
    render: () => Registry.merge([processMetrics, registry]).metrics(),
  };
}

/** Compares a presented bearer token with the configured one in constant time. */
export function isMetricsToken(expected: string, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  // Digests have one length, so neither the comparison nor its time depends on the presented length.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(presented));
}

/**
 * The metrics on an internal port (METRICS_PORT), without a token: for a Prometheus on the same host or
 * network, with the port kept off the public interface (METRICS_HOST defaults to the loopback).
 */
export async function startMetricsServer(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.render().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/**
 * Loaded into a bench's server process with `--import` (bench:education-video loads it into both
 * servers alike), so that the client's time to first byte can be split into what the server
 * spends and what the client, the kernel and the loaded machine add:
 * - `firstWrite`: from the HTTP parser's request event to the first response bytes handed to
 *   the socket (the route, the file system calls, the event loop's queue);
 * - `stat`, `open`, `read`: each file system call's time through libuv's thread pool, queueing
 *   included (@fastify/send stats and opens per request; every body is read 64 KiB at a time);
 * - `eventLoopDelay`: perf_hooks' monitor at 1 ms resolution;
 * - garbage collections, full (mark-compact) and young (scavenge), with their pauses: streaming
 *   allocates a fresh buffer per chunk outside the heap, and that memory is what triggers them;
 * - the process's CPU time.
 * SIGWINCH starts the measurement over (the bench sends it after its warm-up: a signal that is
 * ignored by default and that close-with-grace does not take as a stop); at exit the
 * summary is written as JSON to the file named by `LATENCY_PROBE_FILE`.
 */
import { subscribe } from 'node:diagnostics_channel';
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import {
  constants,
  createHistogram,
  monitorEventLoopDelay,
  PerformanceObserver,
  type RecordableHistogram,
} from 'node:perf_hooks';

const outputFile = process.env.LATENCY_PROBE_FILE;
if (outputFile === undefined) throw new Error('latency-probe: LATENCY_PROBE_FILE is not set');

const NS_PER_MS = 1e6;
const timed = ['stat', 'open', 'read'] as const;
type Timed = (typeof timed)[number];

let firstWrite = createHistogram();
let calls = Object.fromEntries(timed.map((name) => [name, createHistogram()])) as Record<
  Timed,
  RecordableHistogram
>;
const eventLoopDelay = monitorEventLoopDelay({ resolution: 1 });
eventLoopDelay.enable();
let cpuSince = process.cpuUsage();
let fullGcPauses = createHistogram();
let youngGcPauses = createHistogram();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
    const pauses =
      kind === constants.NODE_PERFORMANCE_GC_MAJOR
        ? fullGcPauses
        : kind === constants.NODE_PERFORMANCE_GC_MINOR
          ? youngGcPauses
          : undefined;
    pauses?.record(Math.max(1, Math.round(entry.duration * NS_PER_MS)));
  }
}).observe({ entryTypes: ['gc'] });

process.on('SIGWINCH', () => {
  firstWrite = createHistogram();
  calls = Object.fromEntries(timed.map((name) => [name, createHistogram()])) as typeof calls;
  eventLoopDelay.reset();
  cpuSince = process.cpuUsage();
  fullGcPauses = createHistogram();
  youngGcPauses = createHistogram();
});

const recordSince = (histogram: RecordableHistogram, started: bigint) =>
  histogram.record(Math.max(1, Number(process.hrtime.bigint() - started)));

subscribe('http.server.request.start', (message) => {
  const started = process.hrtime.bigint();
  const response = (message as { response: ServerResponse }).response;
  const { write, end } = response;
  let written = false;
  const firstBytes = () => {
    if (written) return;
    written = true;
    recordSince(firstWrite, started);
  };
  response.write = function (this: ServerResponse, ...args: Parameters<typeof write>) {
    firstBytes();
    return write.apply(this, args);
  } as typeof write;
  response.end = function (this: ServerResponse, ...args: Parameters<typeof end>) {
    firstBytes();
    return end.apply(this, args);
  } as typeof end;
});

// Wraps the callback forms that @fastify/send and fs.ReadStream look up on the module at call
// time; the callback is always the last argument.
for (const name of timed) {
  const original = fs[name] as (...args: unknown[]) => void;
  const timedCall = (...args: unknown[]) => {
    const callback = args.at(-1) as (...results: unknown[]) => void;
    const started = process.hrtime.bigint();
    original(...args.slice(0, -1), (...results: unknown[]) => {
      recordSince(calls[name], started);
      callback(...results);
    });
  };
  // Keeps what util.promisify reads from the original (fs.read's custom result shape).
  Object.defineProperties(timedCall, Object.getOwnPropertyDescriptors(original));
  (fs as unknown as Record<Timed, unknown>)[name] = timedCall;
}

const summary = (histogram: RecordableHistogram | ReturnType<typeof monitorEventLoopDelay>) => ({
  count: histogram.count,
  p50Ms: histogram.count === 0 ? 0 : histogram.percentile(50) / NS_PER_MS,
  p99Ms: histogram.count === 0 ? 0 : histogram.percentile(99) / NS_PER_MS,
  maxMs: histogram.count === 0 ? 0 : histogram.max / NS_PER_MS,
});

process.on('exit', () => {
  const cpu = process.cpuUsage(cpuSince);
  fs.writeFileSync(
    outputFile,
    JSON.stringify({
      firstWrite: summary(firstWrite),
      ...Object.fromEntries(timed.map((name) => [name, summary(calls[name])])),
      eventLoopDelay: summary(eventLoopDelay),
      fullGc: summary(fullGcPauses),
      youngGc: summary(youngGcPauses),
      cpuMs: (cpu.user + cpu.system) / 1000,
    }),
  );
});

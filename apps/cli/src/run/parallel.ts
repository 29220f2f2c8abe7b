/**
 * `--jobs N`: the input is read here, cut into units of whole lines (still bytes), and scored by N
 * worker threads; their statistics come back per unit and are merged in input order, so the report
 * is the one-thread report.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { Tally, type PartResult, type PreparedMetric, type ScoreOptions } from "./engine.js";
import type { Report } from "../shared/report.js";
import type { InputRecord, InputUnit, UnitSize } from "../input/read.js";
import type { CollectSpec } from "./significance.js";

/**
 * Size of the units sent to workers: about 2,000 segments or 2 MB of text, whichever comes first:
 * large enough that messaging costs little, small enough to keep every worker busy to the end.
 */
export const JOB_UNIT: UnitSize = { lines: 2000, bytes: 2 << 20, own: true };

/** What a worker needs as it starts, before the metrics' options are known. */
export interface WorkerStart {
  /** Working directory: plugins resolve from here, as in the main thread. */
  readonly cwd: string;
  /** Plugins to load (config file first, then `--plugin`s), as given. */
  readonly plugins: readonly string[];
  /** Metric names whose packages are imported ahead (names that do not resolve are left to the main thread to report). */
  readonly preload: readonly string[];
  /** `--spm-model`, resolved, as in the main thread. */
  readonly spmModel?: string;
}

/** The run's metrics: the first message a worker receives. */
export interface WorkerSetup {
  /** Each metric's canonical name and options. */
  readonly metrics: readonly { readonly name: string; readonly options: Record<string, unknown> }[];
  /** Also score every segment. */
  readonly segments: boolean;
  /** Gather statistics rows and/or segment digests (significance.ts); absent: nothing. */
  readonly collect?: CollectSpec;
}

/** A message to a worker: the setup, then units of work. */
export type WorkerMessage = { readonly type: "setup"; readonly setup: WorkerSetup } | ({ readonly type: "job" } & Job);

/** An error as it crosses threads. */
export interface WireError {
  name: string;
  message: string;
  stack?: string | undefined;
  code?: string | undefined;
  details?: Record<string, unknown> | undefined;
}

/** A unit of work sent to a worker. */
export interface Job {
  readonly id: number;
  readonly unit: InputUnit;
}

/** A worker's answer: the unit's statistics, up to the record that failed if one did. */
export interface JobReply {
  readonly id: number;
  readonly part: PartResult;
  /** Why the unit stopped early. */
  readonly error?: WireError;
  /** The record that failed to score (re-scored here for the message, which counts segments per system). */
  readonly record?: InputRecord;
}

/** `error` as plain data. */
export function toWire(error: unknown): WireError {
  if (error instanceof GramscoreError) {
    return { name: error.name, message: error.message, stack: error.stack, code: error.code, details: error.details };
  }
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: "Error", message: String(error) };
}

/** An error sent by {@link toWire}, rebuilt (a {@link GramscoreError} when it was one). */
export function fromWire(wire: WireError): Error {
  const error =
    wire.code !== undefined
      ? new GramscoreError(wire.code as ErrorCode, wire.message, wire.details === undefined ? {} : { details: wire.details })
      : Object.assign(new Error(wire.message), { name: wire.name });
  if (wire.stack !== undefined) error.stack = wire.stack;
  return error;
}

/** The worker script: next to this file once built (dist/); from the sources (src/run/), the built one. */
function workerUrl(): URL {
  for (const candidate of ["./worker.js", "../../dist/worker.js"]) {
    const url = new URL(candidate, import.meta.url);
    if (existsSync(fileURLToPath(url))) return url;
  }
  throw new GramscoreError(
    ErrorCode.IO_ERROR,
    `The worker script of --jobs (worker.js next to ${fileURLToPath(import.meta.url)}) is missing. Reinstall gramscore, or score with --jobs 1.`,
  );
}

interface Pending {
  resolve(reply: JobReply): void;
  reject(error: unknown): void;
}

interface Slot {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
  failed: unknown;
}

/**
 * Worker threads that score units of the input. They start (load plugins and metric packages) as
 * soon as they are created; {@link WorkerPool.setup} then gives them the run's metrics, and
 * {@link WorkerPool.run} a unit to score, on the least busy worker.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private nextId = 0;

  private constructor() {}

  /**
   * Starts `jobs` worker threads. `execArgv` are their Node options (default: this thread's
   * `process.execArgv`).
   * @throws GramscoreError `IO_ERROR` when the worker script is missing.
   */
  static async start(jobs: number, start: WorkerStart, execArgv?: readonly string[]): Promise<WorkerPool> {
    const { Worker } = await import("node:worker_threads");
    const url = workerUrl();
    const pool = new WorkerPool();
    for (let i = 0; i < jobs; i++) {
      const worker = new Worker(url, {
        workerData: start,
        // A smaller nursery than V8's default: about 40 MB less memory per worker, and no measurable
        // time on the built-in metrics (their garbage is short-lived and small).
        resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
        ...(execArgv === undefined ? {} : { execArgv: [...execArgv] }),
      });
      const slot: Slot = { worker, pending: new Map(), failed: undefined };
      const fail = (error: unknown) => {
        slot.failed ??= error;
        for (const p of slot.pending.values()) p.reject(slot.failed);
        slot.pending.clear();
      };
      worker.on("message", (reply: JobReply) => {
        const p = slot.pending.get(reply.id);
        slot.pending.delete(reply.id);
        p?.resolve(reply);
      });
      worker.on("error", fail);
      worker.on("exit", (code) => fail(new Error(`A worker thread stopped (exit code ${code}) before it finished its part of the input.`)));
      pool.slots.push(slot);
    }
    return pool;
  }

  /** Number of workers. */
  get size(): number {
    return this.slots.length;
  }

  /** Gives every worker the run's metrics (before any {@link run}). */
  setup(setup: WorkerSetup): void {
    const message: WorkerMessage = { type: "setup", setup };
    for (const s of this.slots) s.worker.postMessage(message);
  }

  /** Scores `unit` on the least busy worker; its buffers are moved to that worker. */
  run(unit: InputUnit): Promise<JobReply> {
    let slot = this.slots[0]!;
    for (const s of this.slots) if (s.pending.size < slot.pending.size) slot = s;
    const id = this.nextId++;
    if (slot.failed !== undefined) return Promise.reject(slot.failed);
    return new Promise<JobReply>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      const buffers = unit.kind === "jsonl" ? [unit.data] : [...unit.hyps, ...unit.refs];
      const transfer = [...new Set(buffers.map((b) => b.buffer as ArrayBuffer))];
      const message: WorkerMessage = { type: "job", id, unit };
      slot.worker.postMessage(message, transfer);
    });
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    await Promise.all(
      this.slots.map((s) => {
        s.worker.removeAllListeners("exit");
        return s.worker.terminate();
      }),
    );
  }
}

/** Young generation of a worker's heap, in MB. */
const WORKER_YOUNG_MB = 8;

/** Units a worker is given at a time. */
const PER_WORKER = 2;
/** Units per worker that may be sent before the oldest one is merged. */
const AHEAD = 8;

/** A unit sent to a worker, until it is merged. */
interface Sent {
  settled: boolean;
  reply: JobReply | undefined;
  failure: { error: unknown } | undefined;
  done: Promise<void>;
}

/** Options of {@link scoreParallel}. */
export interface ParallelOptions extends ScoreOptions {
  /** Worker threads (2 or more make sense). */
  jobs: number;
  /** Working directory for resolving plugins. */
  cwd: string;
  /** Plugins the workers load, as the main thread did. */
  plugins: readonly string[];
  /** `--spm-model`, resolved, as in the main thread. */
  spmModel?: string;
  /** Node options of the worker threads (default: this thread's `process.execArgv`). */
  execArgv?: readonly string[];
  /**
   * Workers started ahead ({@link WorkerPool.start} with the same `cwd` and `plugins`), used when
   * there are `jobs` of them; scoreParallel closes them in any case.
   */
  pool?: Promise<WorkerPool>;
  /** What the workers gather for `hook` (the same spec as the main thread's collector). */
  collect?: CollectSpec;
}

/**
 * {@link scoreInput} on worker threads: the same report (statistics merge exactly, and units are
 * merged in input order, so systems, counts, segment indexes and results are those of one pass),
 * and the same first error in input order.
 * @throws GramscoreError as {@link scoreInput} does.
 */
export async function scoreParallel(prepared: readonly PreparedMetric[], units: AsyncIterable<InputUnit>, options: ParallelOptions): Promise<Report> {
  const segments = options.segments === true;
  const tally = new Tally(
    prepared.map((m) => m.metric),
    segments,
    options.sink,
    options.hook,
  );
  let pool: WorkerPool | undefined;
  const iterator = units[Symbol.asyncIterator]();
  try {
    const given = await options.pool?.catch(() => undefined);
    if (given !== undefined && given.size === options.jobs) pool = given;
    else {
      await given?.close();
      const preload = prepared.map((m) => m.name);
      const start = { cwd: options.cwd, plugins: options.plugins, preload, ...(options.spmModel === undefined ? {} : { spmModel: options.spmModel }) };
      pool = await WorkerPool.start(options.jobs, start, options.execArgv);
    }
    const collect = options.collect;
    pool.setup({ metrics: prepared.map((m) => ({ name: m.name, options: m.options })), segments, ...(collect === undefined ? {} : { collect }) });
    // Units sent and not merged yet, in input order. Each worker is kept busy with up to
    // PER_WORKER units; replies that come back before the ones ahead of them wait here (up to
    // AHEAD units per worker), so a slow unit does not leave the other workers idle.
    const queue: Sent[] = [];
    const busy = PER_WORKER * options.jobs;
    const ahead = AHEAD * options.jobs;
    let outstanding = 0;
    let ended = false;
    let readError: { error: unknown } | undefined;
    for (;;) {
      while (queue[0]?.settled === true) {
        const sent = queue.shift()!;
        if (sent.failure !== undefined) throw sent.failure.error;
        const reply = sent.reply!;
        tally.addPart(reply.part);
        if (reply.error !== undefined) {
          // The same record scored here fails the same way, with its index within its system.
          if (reply.record !== undefined) tally.add(reply.record);
          throw fromWire(reply.error);
        }
        options.onProgress?.(tally.seen);
        await options.flush?.();
      }
      if (ended && queue.length === 0) break;
      if (!ended && outstanding < busy && queue.length < ahead) {
        let step: IteratorResult<InputUnit>;
        try {
          step = await iterator.next();
        } catch (error) {
          // The units already sent come first in the input: a problem there is reported first.
          readError = { error };
          ended = true;
          continue;
        }
        if (step.done === true) {
          ended = true;
          continue;
        }
        const sent: Sent = { settled: false, reply: undefined, failure: undefined, done: Promise.resolve() };
        outstanding++;
        sent.done = pool.run(step.value).then(
          (reply) => {
            sent.reply = reply;
          },
          (error: unknown) => {
            sent.failure = { error };
          },
        ).finally(() => {
          sent.settled = true;
          outstanding--;
        });
        queue.push(sent);
        continue;
      }
      // Wait for a reply: the one ahead of the queue, or any that frees a worker.
      await Promise.race(queue.filter((q) => !q.settled).map((q) => q.done));
    }
    if (readError !== undefined) throw readError.error;
  } finally {
    try {
      await iterator.return?.();
    } catch {
      // Closing the input after an error: the error already on its way matters more.
    }
    if (pool === undefined) await (await options.pool?.catch(() => undefined))?.close();
    else await pool.close();
  }
  return tally.report(prepared);
}

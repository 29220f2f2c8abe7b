/**
 * Pairwise score matrices on worker threads (`@gramscore/mbr/node`, Node.js only). The hypothesis
 * rows are split into `jobs` contiguous blocks; each worker loads the metric's plugin module, creates
 * the metric with the same options and computes its block with the metric's `pairwise` (option
 * `rows`), so the matrix is the one a single thread gives, bit for bit.
 */
import { createRequire } from "node:module";
import { isAbsolute, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import type { Metric, PairwiseOptions } from "@gramscore/core";
import { expectedUtility, argmax } from "./mbr.js";
import type { MbrResult } from "./mbr.js";

/** Where a worker finds the metric: a plugin module, the metric's registry name and its options. */
export interface MetricSource {
  /**
   * The plugin module (default export or `plugin` export with `metrics`): a package name (resolved
   * from the current directory), an absolute path or a `file:` URL.
   */
  readonly module: string | URL;
  /** The metric's name or alias in that plugin, e.g. `chrf`, `chrf++`, `bleu`. */
  readonly metric: string;
  /** Options for the metric's `create` (plain JSON: they are copied to the workers). */
  readonly options?: unknown;
}

/** Options of {@link pairwiseParallel}. */
export interface ParallelOptions {
  /** Worker threads (default 1: computed on the calling thread). */
  readonly jobs?: number;
  /** The result field of each cell (see core's `PairwiseOptions.field`). */
  readonly field?: string;
  /** Node options of the worker threads (default: this thread's `process.execArgv`). */
  readonly execArgv?: readonly string[];
}

function moduleUrl(module: string | URL): string {
  if (module instanceof URL) return module.href;
  if (module.startsWith("file:")) return module;
  if (isAbsolute(module)) return pathToFileURL(module).href;
  try {
    return pathToFileURL(createRequire(join(process.cwd(), "index.js")).resolve(module)).href;
  } catch (cause) {
    throw new GramscoreError(
      ErrorCode.PLUGIN_LOAD_FAILED,
      `Cannot find the plugin module ${JSON.stringify(module)} from ${process.cwd()}. Install it there, or pass an absolute path or file: URL.`,
      { cause },
    );
  }
}

/** Loads a plugin module and creates the named metric (also what each worker does). */
export async function createMetricFrom(source: MetricSource): Promise<Metric> {
  const mod = (await import(moduleUrl(source.module))) as { default?: unknown; plugin?: unknown };
  return metricOf(mod, source);
}

type Descriptor = { name: string; aliases?: readonly string[]; create(options?: unknown): Metric };

function metricOf(mod: { default?: unknown; plugin?: unknown }, source: MetricSource): Metric {
  const plugin = (mod.plugin ?? mod.default) as { metrics?: readonly Descriptor[] } | undefined;
  const d = plugin?.metrics?.find((m) => m.name === source.metric || (m.aliases ?? []).includes(source.metric));
  if (d === undefined) {
    throw new GramscoreError(
      ErrorCode.UNKNOWN_METRIC,
      `The module ${String(source.module)} has no metric ${JSON.stringify(source.metric)}` +
        (plugin?.metrics ? `; it has ${plugin.metrics.map((m) => m.name).join(", ")}.` : " (it exports no plugin)."),
    );
  }
  return d.create(source.options);
}

/** The worker: loads the metric and computes its block of rows. */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
(async () => {
  const { url, metric: name, options, hyps, refs, field } = workerData;
  const mod = await import(url);
  const plugin = mod.plugin ?? mod.default;
  const d = plugin && plugin.metrics ? plugin.metrics.find((m) => m.name === name || (m.aliases || []).includes(name)) : undefined;
  if (!d) throw Object.assign(new Error("The plugin has no metric " + JSON.stringify(name) + "."), { code: "UNKNOWN_METRIC" });
  const metric = d.create(options);
  if (typeof metric.pairwise !== "function") throw Object.assign(new Error("The metric " + name + " has no pairwise capability."), { code: "INVALID_OPTION" });
  const out = metric.pairwise(hyps, refs, field === undefined ? undefined : { field });
  parentPort.postMessage({ out }, [out.buffer]);
})().catch((e) => parentPort.postMessage({ error: { message: String(e && e.message || e), code: e && e.code } }));
`;

function runWorker(data: Record<string, unknown>, execArgv: readonly string[] | undefined): Promise<Float64Array> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: data, ...(execArgv === undefined ? {} : { execArgv: [...execArgv] }) });
    let settled = false;
    worker.once("message", (msg: { out?: Float64Array; error?: { message: string; code?: string } }) => {
      settled = true;
      void worker.terminate();
      if (msg.out !== undefined) resolve(msg.out);
      else {
        const code = (Object.values(ErrorCode) as string[]).includes(msg.error?.code ?? "") ? (msg.error!.code as ErrorCode) : ErrorCode.INVALID_OPTION;
        reject(new GramscoreError(code, `A pairwise worker failed: ${msg.error?.message}`));
      }
    });
    worker.once("error", (cause) => {
      if (!settled) reject(new GramscoreError(ErrorCode.PLUGIN_LOAD_FAILED, `A pairwise worker failed: ${cause.message}`, { cause }));
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new GramscoreError(ErrorCode.PLUGIN_LOAD_FAILED, `A pairwise worker exited with code ${code} before its result.`));
    });
  });
}

/**
 * The metric's score matrix (row = hypothesis, column = reference, row-major) computed on `jobs`
 * worker threads; identical, bit for bit, to `metric.pairwise(hyps, refs)` on one thread.
 * ```ts
 * const m = await pairwiseParallel({ module: "@gramscore/metric-chrf", metric: "chrf" }, cands, cands, { jobs: 4 });
 * ```
 * @throws GramscoreError `INVALID_OPTION` for a bad `jobs`, `PLUGIN_LOAD_FAILED` / `UNKNOWN_METRIC`
 *   when the metric cannot be created, and the metric's own errors.
 */
export async function pairwiseParallel(
  source: MetricSource,
  hyps: readonly string[],
  refs: readonly string[],
  options: ParallelOptions = {},
): Promise<Float64Array> {
  const jobs = options.jobs ?? 1;
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 1024) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `jobs must be an integer from 1 to 1024, but got ${describeValue(jobs)}.`, { details: { option: "jobs" } });
  }
  const pw: PairwiseOptions | undefined = options.field === undefined ? undefined : { field: options.field };
  const url = moduleUrl(source.module);
  if (jobs === 1 || hyps.length < 2) {
    const metric = metricOf((await import(url)) as { default?: unknown }, source);
    if (typeof metric.pairwise !== "function") {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, `The metric ${source.metric} has no pairwise capability.`);
    }
    return metric.pairwise(hyps, refs, pw);
  }
  if (!Array.isArray(hyps) || !Array.isArray(refs)) {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `pairwiseParallel needs hyps and refs as arrays of strings, but got ${describeValue(hyps)} and ${describeValue(refs)}.`);
  }
  const blocks = Math.min(jobs, hyps.length);
  const parts: Promise<Float64Array>[] = [];
  for (let b = 0; b < blocks; b++) {
    const start = Math.floor((b * hyps.length) / blocks);
    const end = Math.floor(((b + 1) * hyps.length) / blocks);
    parts.push(runWorker({ url, metric: source.metric, options: source.options, hyps: hyps.slice(start, end), refs, field: options.field }, options.execArgv));
  }
  const results = await Promise.all(parts);
  const out = new Float64Array(hyps.length * refs.length);
  let at = 0;
  for (const r of results) {
    out.set(r, at);
    at += r.length;
  }
  return out;
}

/**
 * MBR selection with the pairwise matrix computed on worker threads: the candidate with the best
 * weighted mean score against the pseudo-references (the candidates by default); the same result as
 * `mbr(metric, candidates, options)` from `@gramscore/mbr`.
 */
export async function mbrParallel(
  source: MetricSource,
  candidates: readonly string[],
  options: ParallelOptions & { readonly references?: readonly string[]; readonly weights?: ArrayLike<number>; readonly excludeSelf?: boolean } = {},
): Promise<MbrResult> {
  if (Array.isArray(candidates) && candidates.length === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, "MBR needs at least one candidate, but the candidates array is empty.");
  }
  const references = options.references ?? candidates;
  const matrix = await pairwiseParallel(source, candidates, references, options);
  const utilities = expectedUtility(matrix, candidates.length, references.length, {
    weights: options.weights,
    excludeSelf: options.excludeSelf === true && options.references === undefined,
  });
  const metric = await createMetricFrom(source);
  const index = Math.max(0, argmax(utilities, metric.higherIsBetter !== false));
  return { index, candidate: candidates[index]!, utility: utilities[index]!, utilities, method: "pairwise" };
}

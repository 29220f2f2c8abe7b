/**
 * A worker thread of `--jobs`: loads the plugins and imports the named metric packages as soon as it
 * starts, creates the run's metrics when the setup message comes, then turns each unit it receives
 * into records and scores them, answering with the unit's statistics.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { Metric } from "@gramscore/core";
import { Tally } from "./engine.js";
import { unitRecordList } from "../input/read.js";
import { toWire, type Job, type JobReply, type WorkerMessage, type WorkerSetup, type WorkerStart } from "./parallel.js";
import { createCliRegistry } from "./setup.js";
import { RowCollector } from "./significance.js";

const start = workerData as WorkerStart;
const port = parentPort!;

const registry = (async () => {
  const { registry } = await createCliRegistry({ cwd: start.cwd, plugins: start.plugins, ...(start.spmModel === undefined ? {} : { spmModel: start.spmModel }) });
  for (const name of start.preload) {
    try {
      await registry.ensure("metric", name);
    } catch {
      // An unknown name: the main thread reports it.
    }
  }
  return registry;
})();
registry.catch(() => {});

let setup: WorkerSetup | undefined;
let ready: Promise<Metric[]> = Promise.reject(new Error("A worker thread received work before its setup."));
ready.catch(() => {});

function score(job: Job, metrics: readonly Metric[], segments: boolean): JobReply {
  const collect = setup?.collect;
  const tally = new Tally(metrics, segments, undefined, collect === undefined ? undefined : new RowCollector(metrics, collect));
  // The records up to the first unreadable line; a record that fails to score comes before that line.
  const { records, error } = unitRecordList(job.unit);
  try {
    tally.addBatch(records);
  } catch (failure) {
    const record = tally.failed;
    return record === undefined ? { id: job.id, part: tally.toPart(), error: toWire(failure) } : { id: job.id, part: tally.toPart(), error: toWire(failure), record };
  }
  if (error !== undefined) return { id: job.id, part: tally.toPart(), error: toWire(error) };
  return { id: job.id, part: tally.toPart() };
}

function failed(job: Job, error: unknown): void {
  port.postMessage({ id: job.id, part: { records: 0, systems: [] }, error: toWire(error) } satisfies JobReply);
}

port.on("message", (message: WorkerMessage) => {
  if (message.type === "setup") {
    const s = message.setup;
    setup = s;
    ready = registry.then(async (r) => {
      const metrics: Metric[] = [];
      for (const m of s.metrics) metrics.push(await r.createAsync("metric", m.name, m.options));
      return metrics;
    });
    ready.catch(() => {});
    return;
  }
  const job: Job = message;
  const segments = setup?.segments === true;
  ready.then(
    (metrics) => {
      const reply = score(job, metrics, segments);
      try {
        port.postMessage(reply);
      } catch (error) {
        // A result that cannot be copied between threads (a plugin returning functions, say).
        failed(job, error);
      }
    },
    (error: unknown) => failed(job, error),
  );
});

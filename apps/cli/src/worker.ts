/**
 * A worker thread of `--jobs`: creates the run's metrics (loading the same plugins), then turns each
 * unit it receives into records and scores them, answering with the unit's statistics.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { Metric } from "@gramscore/core";
import { Tally } from "./engine.js";
import { unitRecords, type InputRecord } from "./input.js";
import { toWire, type Job, type JobReply, type WorkerSetup } from "./parallel.js";
import { createCliRegistry } from "./setup.js";

const setup = workerData as WorkerSetup;
const port = parentPort!;

const ready: Promise<Metric[]> = (async () => {
  const { registry } = await createCliRegistry({ cwd: setup.cwd, plugins: setup.plugins });
  const metrics: Metric[] = [];
  for (const m of setup.metrics) metrics.push(await registry.createAsync("metric", m.name, m.options));
  return metrics;
})();
ready.catch(() => {});

function score(job: Job, metrics: readonly Metric[]): JobReply {
  const tally = new Tally(metrics, setup.segments);
  const records = unitRecords(job.unit);
  for (;;) {
    let step: IteratorResult<InputRecord>;
    try {
      step = records.next();
    } catch (error) {
      return { id: job.id, part: tally.toPart(), error: toWire(error) };
    }
    if (step.done === true) return { id: job.id, part: tally.toPart() };
    try {
      tally.add(step.value);
    } catch (error) {
      return { id: job.id, part: tally.toPart(), error: toWire(error), record: step.value };
    }
  }
}

port.on("message", (job: Job) => {
  ready.then(
    (metrics) => {
      const reply = score(job, metrics);
      try {
        port.postMessage(reply);
      } catch (error) {
        // A result that cannot be copied between threads (a plugin returning functions, say).
        port.postMessage({ id: job.id, part: { records: 0, systems: [] }, error: toWire(error) } satisfies JobReply);
      }
    },
    (error: unknown) => port.postMessage({ id: job.id, part: { records: 0, systems: [] }, error: toWire(error) } satisfies JobReply),
  );
});

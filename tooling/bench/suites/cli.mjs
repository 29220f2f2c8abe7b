// gramscore CLI, run as a process (apps/cli/dist/cli.js): start-up cost of scoring one line from
// stdin, and end-to-end throughput of `score` over a gzipped JSONL file with every installed metric
// in one pass (reading, decompressing, parsing, scoring 16 interleaved systems, JSON output).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { conformanceDir, dataset } from "../inputs.mjs";

const cli = resolve(dirname(fileURLToPath(import.meta.url)), "../../../apps/cli/dist/cli.js");

function gramscore(args, input) {
  const r = spawnSync(process.execPath, [cli, ...args], { input, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`gramscore ${args.join(" ")} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

export default async function () {
  if (!existsSync(cli)) {
    console.log(`cli: ${cli} is not built; skipping`);
    return [];
  }
  const metrics = JSON.parse(gramscore(["list", "-f", "json"])).metrics.map((m) => m.name);
  if (metrics.length === 0) {
    console.log("cli: no metric plugin installed; skipping");
    return [];
  }
  const dir = mkdtempSync(join(tmpdir(), "gramscore-bench-"));
  writeFileSync(join(dir, "ref.txt"), "The cat sat on the mat.\n");
  const first = metrics[0];
  const name = "sum_summeval";
  const lines = dataset(name).length;
  const file = join(conformanceDir, "data", `${name}.jsonl.gz`);
  return [
    {
      name: "cli: baseline, node -e 0 (process start-up alone)",
      input: "none",
      items: 1,
      fn: () => spawnSync(process.execPath, ["-e", "0"]),
    },
    {
      name: `cli: start-up, score 1 stdin line (-m ${first})`,
      input: "one line",
      items: 1,
      target: 1000 / 150,
      fn: () => gramscore(["score", "-m", first, join(dir, "ref.txt"), "-f", "json"], "The cat is on the mat.\n"),
    },
    {
      name: `cli: score ${metrics.length} metrics in one pass (JSONL.gz)`,
      input: name,
      items: lines,
      fn: () => gramscore(["score", "-m", metrics.join(","), "--input", file, "-f", "json"]),
    },
  ];
}

// Whole-process `gramscore score` against the reference tools' whole-process runs (issue 15): WMT17
// en-de (16 systems x 3,004 segments, one reference) as a JSONL file (decompressed) and as sacrebleu's
// files (ref.txt and 16 hypothesis files, `gramscore score ref.txt -i sys0.txt ... sys15.txt`, the
// way a sacrebleu user runs `sacrebleu ref.txt -i sys0.txt ... -m bleu`).
//
// Each case starts the CLI as a child process and times its CPU (user + system of every thread,
// read by a preloaded module from process.resourceUsage() as the process exits): the machine is
// shared, so CPU time is the figure compared with the references' CPU time, recorded the same way
// (`references.mjs`, "whole process"). The rows print the multiple on CPU time beside the target.
// `GRAMSCORE_PROFILE=1 gramscore score ...` prints the breakdown of one run by phase. One case scores
// WMT22 en-ja with ja-mecab, beside MeCab's own whole run (see the case).
//
// The "floor" cases score with a plugin metric that does no work (it counts the segments): what every
// metric pays before its first n-gram (Node's start, loading the CLI, reading, decoding and parsing
// the input, batching, merging, output). Their multiple of sacrebleu's BLEU is the most any BLEU
// could reach through this command.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { childEnv, conformanceDir, readUsage, writeUsagePreload } from "../inputs.mjs";

const cli = resolve(dirname(fileURLToPath(import.meta.url)), "../../../apps/cli/dist/cli.js");
const core = pathToFileURL(resolve(dirname(fileURLToPath(import.meta.url)), "../../../packages/core/dist/index.js")).href;

/** A plugin with the metric `null`: no tokenization and no statistics beyond a count of segments. */
const NULL_PLUGIN = `import { defineMetric, definePlugin, hasSegmentShape, validateSegment } from ${JSON.stringify(core)};
const nullMetric = defineMetric({
  name: "null",
  description: "counts segments (the CLI's floor)",
  create: () => ({
    name: "null",
    higherIsBetter: true,
    empty: () => [0],
    stats: () => [1],
    merge: (a, b) => [a[0] + b[0]],
    corpusStats(segments) {
      let n = 0;
      for (const s of segments) {
        if (!hasSegmentShape(s)) validateSegment(s, n);
        n++;
      }
      return [n];
    },
    score: (s) => ({ score: s[0] }),
    signature: () => "null",
    summarize: (r) => ({ score: r.score }),
    format: (r) => \`NULL = \${r.score}\`,
    parseStats: (v) => v,
  }),
});
export default definePlugin({ name: "bench-null", version: "1.0.0", tokenizers: [], metrics: [nullMetric] });
`;

/** Runs the CLI with `args` in `cwd` and returns its CPU milliseconds (the bench's sample). */
function gramscore(preload, args, cwd) {
  const r = spawnSync(process.execPath, ["--import", preload, cli, ...args], { cwd, env: childEnv(), encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`gramscore ${args.join(" ")} failed (${r.status}): ${r.stderr}`);
  const usage = readUsage(r.stderr);
  if (usage === undefined) throw new Error(`gramscore ${args.join(" ")}: no CPU time reported on stderr`);
  return { cpuMs: usage.cpuMs };
}

export default async function () {
  if (!existsSync(cli)) {
    console.log(`e2e: ${cli} is not built; skipping`);
    return [];
  }
  const wmt = "mt_wmt17_newstest2017_en-de";
  const dir = mkdtempSync(join(tmpdir(), "gramscore-e2e-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  const preload = writeUsagePreload(dir);
  writeFileSync(join(dir, "null-plugin.mjs"), NULL_PLUGIN);
  const text = gunzipSync(readFileSync(join(conformanceDir, "data", `${wmt}.jsonl.gz`))).toString("utf8");
  writeFileSync(join(dir, "wmt17.jsonl"), text);
  const records = text.split("\n").filter(Boolean).map((l) => JSON.parse(l));
  const systems = [...new Set(records.map((r) => r.system))];
  const files = systems.map((_, i) => `sys${i}.txt`);
  for (const [i, s] of systems.entries()) writeFileSync(join(dir, files[i]), `${records.filter((r) => r.system === s).map((r) => r.hyp).join("\n")}\n`);
  writeFileSync(join(dir, "ref.txt"), `${records.filter((r) => r.system === systems[0]).map((r) => r.refs[0]).join("\n")}\n`);

  // [metric flags, reference speed key, target multiple (issue 15) or undefined]
  const metrics = [
    ["bleu", ["-m", "bleu"], "sacrebleu-cli-bleu-wmt17", 20],
    ["chrf", ["-m", "chrf"], "sacrebleu-cli-chrf-wmt17", 15],
    ["rouge1/2/L stem", ["-m", "rouge", "--rouge-types", "rouge1,rouge2,rougeL", "--stemmer", "porter"], "rouge-score-cli-wmt17-stem", 40],
    ["ter", ["-m", "ter"], "sacrebleu-cli-ter-wmt17", undefined],
    ["floor (a metric that does nothing)", ["--plugin", "./null-plugin.mjs", "-m", "null"], "sacrebleu-cli-bleu-wmt17", undefined],
  ];
  const cases = [];
  for (const [label, flags, versus, times] of metrics) {
    for (const layout of ["JSONL", "16 text files"]) {
      const input = layout === "JSONL" ? ["--input", "wmt17.jsonl"] : ["ref.txt", "-i", ...files];
      cases.push({
        name: `e2e: score ${label}, ${layout}`,
        input: `${wmt} (${layout === "JSONL" ? "wmt17.jsonl" : "ref.txt + 16 hypothesis files"}), whole process`,
        items: records.length,
        samples: Number(process.env.BENCH_E2E_SAMPLES ?? 5),
        versus,
        ...(times === undefined ? {} : { times }),
        cpuTarget: true,
        fn: () => gramscore(preload, ["score", ...flags, ...input, "-f", "json", "--no-progress"], dir),
      });
    }
  }
  // Japanese (WMT22 en-ja, 13 systems x 2,037 segments, one reference) with sacrebleu's ja-mecab. No
  // whole run of sacrebleu with ja-mecab is recorded (sacrebleu cannot be installed on the bench
  // machine); MeCab's own -Owakati pass over the same hypotheses and references is what such a run
  // pays at least, so the multiple of MeCab printed here is a lower bound of the multiple of sacrebleu.
  const ja = "mt_wmt22_generaltest2022_en-ja";
  const jaText = gunzipSync(readFileSync(join(conformanceDir, "data", `${ja}.jsonl.gz`))).toString("utf8");
  writeFileSync(join(dir, "wmt22-en-ja.jsonl"), jaText);
  cases.push({
    name: "e2e: score bleu --tokenize ja-mecab, JSONL",
    input: `${ja} (wmt22-en-ja.jsonl), whole process`,
    items: jaText.split("\n").filter(Boolean).length,
    samples: Number(process.env.BENCH_E2E_SAMPLES ?? 5),
    versus: "mecab-wakati-wmt22-en-ja",
    cpuTarget: true,
    fn: () => gramscore(preload, ["score", "-m", "bleu", "--tokenize", "ja-mecab", "--input", "wmt22-en-ja.jsonl", "-f", "json", "--no-progress"], dir),
  });
  return cases;
}

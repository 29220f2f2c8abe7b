// gramscore CLI, run as a process (apps/cli/dist/cli.js):
// - start-up: `echo "the cat" | gramscore score -r ref.txt -m bleu` (target 150 ms), beside `node -e 0`
//   (process start-up alone) and `gramscore --version` (the CLI loaded, nothing scored);
// - end-to-end throughput of `score` over a gzipped JSONL file with every installed metric in one pass;
// - `--jobs 1` against `--jobs 2` on WMT17 en-de (48,064 segments) with bleu, chrf, rouge and all
//   three, as the JSONL records (systems one after the other) and as sacrebleu's files (one reference
//   file, 16 hypothesis files). The speed-up is the ratio of the two rates of a pair.
// Cases run child processes, so their CPU time is not the bench's: they are wall-clock only.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { childEnv, conformanceDir, dataset } from "../inputs.mjs";

const cli = resolve(dirname(fileURLToPath(import.meta.url)), "../../../apps/cli/dist/cli.js");

function gramscore(args, input, cwd) {
  const r = spawnSync(process.execPath, [cli, ...args], { input, encoding: "utf8", cwd, env: childEnv(), maxBuffer: 1 << 28 });
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
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "ref.txt"), "The cat sat on the mat.\n");
  const first = metrics.includes("bleu") ? "bleu" : metrics[0];
  const name = "sum_summeval";
  const lines = dataset(name).length;
  const file = join(conformanceDir, "data", `${name}.jsonl.gz`);
  const cases = [
    // Start-up cases: the median of 31 single runs, printed in milliseconds.
    {
      name: "cli: baseline, node -e 0 (process start-up alone)",
      input: "none",
      items: 1,
      wallOnly: true,
      samples: 31,
      fn: () => spawnSync(process.execPath, ["-e", "0"], { env: childEnv() }),
    },
    ...("NODE_EXTRA_CA_CERTS" in process.env && process.env.BENCH_KEEP_CA_CERTS !== "1"
      ? [
          {
            name: "cli: baseline, node -e 0 with NODE_EXTRA_CA_CERTS (as this machine sets it)",
            input: "none",
            items: 1,
            wallOnly: true,
            samples: 31,
            fn: () => spawnSync(process.execPath, ["-e", "0"]),
          },
        ]
      : []),
    {
      name: "cli: start-up, gramscore --version",
      input: "none",
      items: 1,
      wallOnly: true,
      samples: 31,
      fn: () => gramscore(["--version"]),
    },
    {
      name: `cli: start-up, echo "the cat" | score -r ref.txt -m ${first}`,
      input: "one line",
      items: 1,
      samples: 31,
      target: 1000 / 150,
      wallOnly: true,
      fn: () => gramscore(["score", "-r", join(dir, "ref.txt"), "-m", first], "the cat\n"),
    },
    {
      name: `cli: score ${metrics.length} metrics in one pass (JSONL.gz)`,
      input: name,
      items: lines,
      wallOnly: true,
      fn: () => gramscore(["score", "-m", metrics.join(","), "--input", file, "-f", "json"]),
    },
  ];

  // --jobs: WMT17 en-de as JSONL records and as sacrebleu's files.
  const wmt = "mt_wmt17_newstest2017_en-de";
  const records = dataset(wmt);
  const jsonl = join(conformanceDir, "data", `${wmt}.jsonl.gz`);
  const systems = [...new Set(records.map((r) => r.system))];
  for (const [i, s] of systems.entries()) writeFileSync(join(dir, `sys${i}.txt`), `${records.filter((r) => r.system === s).map((r) => r.hyp).join("\n")}\n`);
  writeFileSync(join(dir, "wmt-ref.txt"), `${records.filter((r) => r.system === systems[0]).map((r) => r.refs[0]).join("\n")}\n`);
  const texts = ["wmt-ref.txt", "-i", ...systems.map((_, i) => `sys${i}.txt`)];
  const sets = [["bleu"], ["chrf"], ["rouge"], ["bleu", "chrf", "rouge"]].filter((set) => set.every((m) => metrics.includes(m)));
  for (const set of sets) {
    for (const jobs of [1, 2]) {
      cases.push({
        name: `cli: jobs ${jobs}, -m ${set.join(",")}, JSONL.gz`,
        input: wmt,
        items: records.length,
        wallOnly: true,
        // The target: on 2 cores, --jobs 2 at least 1.7 times the --jobs 1 rate (over 10k segments).
        ...(jobs === 2 ? { speedupOver: `cli: jobs 1, -m ${set.join(",")}, JSONL.gz`, speedupTarget: 1.7 } : {}),
        fn: () => gramscore(["score", "-m", set.join(","), "--input", jsonl, "-f", "json", "--jobs", String(jobs)]),
      });
    }
  }
  for (const jobs of [1, 2]) {
    cases.push({
      name: `cli: jobs ${jobs}, -m ${sets.at(-1).join(",")}, 16 text files`,
      input: `${wmt} (ref.txt + 16 hypothesis files)`,
      items: records.length,
      wallOnly: true,
      ...(jobs === 2 ? { speedupOver: `cli: jobs 1, -m ${sets.at(-1).join(",")}, 16 text files`, speedupTarget: 1.7 } : {}),
      fn: () => gramscore(["score", "-m", sets.at(-1).join(","), ...texts, "-f", "json", "--jobs", String(jobs)], undefined, dir),
    });
  }
  return cases;
}

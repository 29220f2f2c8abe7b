/**
 * The README's "Beyond one machine" recipes, run here: the GNU parallel block as written (on this
 * machine, `HOSTS=:`), and the Slurm array script once per task index, each followed by `merge`;
 * both must print exactly what one `gramscore score` over the whole corpus prints, the paired
 * bootstrap included. Data: two WMT17 en-de systems from the conformance data, or the demo's sample
 * when that data is absent.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hasShared, readDataset, readJson, repoRoot } from "../conformance/data.js";
import { isCI } from "../conformance/environment.js";

const cli = join(repoRoot, "apps", "cli", "dist", "cli.js");
const hasParallel = spawnSync("parallel", ["--version"], { encoding: "utf8" }).stdout?.startsWith("GNU parallel") ?? false;
const PARALLEL_SKIP = "GNU parallel not found: the README's multi-host recipe is not run; install Debian's parallel (`apt-get install -y parallel`) to run it";

/** The sh blocks of the README section "Beyond one machine", in order. */
function recipeBlocks(): string[] {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  const start = readme.indexOf("\n## Beyond one machine\n");
  expect(start, "README.md has a section Beyond one machine").toBeGreaterThan(0);
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

const work = mkdtempSync(join(tmpdir(), "gramscore-shards-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Writes ref.txt, sysA.txt and sysB.txt; returns the part size that cuts them into several parts. */
async function writeCorpus(dir: string): Promise<{ lines: number; partLines: number; systems: [string, string] | null }> {
  let ref: string[], a: string[], b: string[], systems: [string, string] | null = null;
  if (hasShared) {
    const records = readDataset("mt_wmt17_newstest2017_en-de");
    const names = [...new Set(records.map((r) => r.system))];
    systems = [names[0]!, names[1]!];
    const [ra, rb] = systems.map((s) => records.filter((r) => r.system === s));
    ref = ra!.map((r) => r.refs[0]!);
    expect(rb!.map((r) => r.refs[0])).toEqual(ref);
    a = ra!.map((r) => r.hyp);
    b = rb!.map((r) => r.hyp);
  } else {
    const { DEMO_SETS } = await import(join(repoRoot, "apps", "cli", "dist", "index.js"));
    const records = DEMO_SETS[0].records as { system: string; hyp: string; refs: string[] }[];
    const names = [...new Set(records.map((r) => r.system))];
    const [ra, rb] = names.map((s) => records.filter((r) => r.system === s));
    ref = ra!.map((r) => r.refs[0]!);
    a = ra!.map((r) => r.hyp);
    b = rb!.map((r) => r.hyp);
  }
  const write = (name: string, lines: string[]) => writeFileSync(join(dir, name), lines.map((l) => `${l}\n`).join(""));
  write("ref.txt", ref);
  write("sysA.txt", a);
  write("sysB.txt", b);
  return { lines: ref.length, partLines: Math.ceil(ref.length / 4), systems };
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const bin = join(work, "bin");
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: "1" },
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(result.status, `${command} ${args.join(" ")}:\n${result.stderr}`).toBe(0);
  return result.stdout;
}

describe("README: beyond one machine", () => {
  it("the Slurm submission waits for every array task and merges as the parallel recipe does", () => {
    const [parallelBlock, sbatch, submit] = recipeBlocks();
    expect(sbatch!.startsWith("#!/bin/bash\n#SBATCH")).toBe(true);
    expect(submit).toMatch(/sbatch --parsable --array=0-\$\(\( \$\(ls part\.ref\.\* \| wc -l\) - 1 \)\) gramscore-stats\.sbatch/);
    expect(submit).toMatch(/--dependency=afterok:\$job/);
    const merge = parallelBlock!.trim().split("\n").at(-1)!;
    expect(submit).toContain(`'${merge} -o scores.json'`);
  });

  it("GNU parallel over parts, then merge, gives the one-pass result with the paired bootstrap; so does the Slurm array", async (ctx) => {
    if (!hasParallel && !isCI) {
      console.warn(PARALLEL_SKIP);
      ctx.skip();
    }
    expect(hasParallel, `CI=true but ${PARALLEL_SKIP}`).toBe(true);
    mkdirSync(join(work, "bin"));
    writeFileSync(join(work, "bin", "gramscore"), `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`);
    chmodSync(join(work, "bin", "gramscore"), 0o755);
    const dir = join(work, "corpus");
    mkdirSync(dir);
    const corpus = await writeCorpus(dir);
    const [parallelBlock, sbatch] = recipeBlocks();

    const onePass = JSON.parse(run("gramscore", ["score", "-m", "bleu,chrf", "ref.txt", "-i", "sysA.txt", "sysB.txt", "--system", "A,B", "--paired-bs", "-f", "json"], dir));
    const merged = JSON.parse(run("bash", ["-euo", "pipefail", "-c", parallelBlock!], dir, { LINES_PER_PART: String(corpus.partLines), HOSTS: ":" }));
    const stats = readdirSync(dir).filter((f) => /^stats\.\d{4}\.jsonl$/.test(f));
    expect(stats).toHaveLength(Math.ceil(corpus.lines / corpus.partLines));
    expect(stats.length).toBeGreaterThan(1);

    expect(merged.command).toBe("merge");
    expect({ ...merged, command: "score" }).toEqual(onePass);
    // The paired bootstrap is there: each system's mean and CI, the p-value of B against A.
    const bleu = merged.metrics.find((m: { metric: string }) => m.metric === "bleu");
    expect(bleu.signature).toMatch(/^nrefs:1\|bs:1000\|seed:12345\|/);
    expect(bleu.systems[1].summary.p).toBeTypeOf("number");
    for (const s of bleu.systems) expect(s.summary.ci).toBeGreaterThan(0);
    if (corpus.systems) {
      // And the corpus numbers are sacrebleu 2.6.0's.
      const expected = (config: string, system: string) =>
        readJson(`expected/mt_wmt17_newstest2017_en-de/${config}.corpus.json`).systems.find((s: { system: string }) => s.system === system).corpus.score;
      const chrf = merged.metrics.find((m: { metric: string }) => m.metric === "chrf");
      corpus.systems.forEach((name, i) => {
        expect(bleu.systems[i].corpus.score).toBe(expected("bleu-13a", name));
        expect(chrf.systems[i].corpus.score).toBe(expected("chrf", name));
      });
    }

    // The Slurm array script, run once per task index as Slurm would, then the same merge.
    for (const f of stats) rmSync(join(dir, f));
    writeFileSync(join(dir, "gramscore-stats.sbatch"), sbatch!);
    const parts = readdirSync(dir).filter((f) => f.startsWith("part.ref.")).length;
    for (let task = 0; task < parts; task++) run("bash", ["gramscore-stats.sbatch"], dir, { SLURM_ARRAY_TASK_ID: String(task) });
    const fromArray = JSON.parse(run("gramscore", ["merge", ...readdirSync(dir).filter((f) => /^stats\.\d{4}\.jsonl$/.test(f)), "--paired-bs"], dir));
    expect(fromArray).toEqual(merged);
  }, 300_000);
});

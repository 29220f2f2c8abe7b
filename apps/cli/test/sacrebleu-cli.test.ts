/**
 * `gramscore sacrebleu` against 29 recorded runs of sacrebleu 2.6.0's command line
 * (shared/conformance/expected/sacrebleu-cli): the input files are rebuilt from the WMT22 en-de
 * data in a temporary folder (sha256 checked), the built CLI runs there with the recorded
 * arguments and stdin (no TTY), and stdout, stderr and the exit status must be identical after
 * replacing sacrebleu's version (the only normalization the setup record allows) with ours.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { bleuSignature } from "@gramscore/metric-bleu";
import { conformanceDir, hasShared, readDataset, SKIP_MESSAGE } from "../../../tooling/conformance/data.js";
import { assertBuilt, cliJs, tempDir } from "./helpers.js";

const EXPECTED = "expected/sacrebleu-cli/mt_wmt22_generaltest2022_en-de.cli.jsonl.gz";

interface SetupFile {
  path: string;
  content: string;
  data_lines: [number, number];
  sha256: string;
}
interface RunRecord {
  name: string;
  argv: string[];
  stdin: string | null;
  stdout: string;
  stderr: string;
  returncode: number;
}

/** Our signatures' version text (whatever the library prints), taken from a BLEU signature. */
function ourVersion(): string {
  const sig = bleuSignature({ nrefs: 1, lowercase: false, effectiveOrder: false, tokenizer: "13a", smoothMethod: "exp", smoothValue: undefined, maxNgramOrder: 4 });
  const field = sig.split("|").find((f) => f.startsWith("version:"));
  if (field === undefined) throw new Error(`no version field in ${sig}`);
  return field.slice("version:".length);
}

function normalize(text: string, version: string): string {
  return text
    .replace(/version:2\.6\.0/g, `version:${version}`)
    .replace(/\|v:2\.6\.0/g, `|v:${version}`)
    .replace(/"version": "2\.6\.0"/g, `"version": "${version}"`);
}

function runCli(cwd: string, argv: readonly string[], stdin: string | null): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    for (const k of ["SACREBLEU_SEED", "SACREBLEU_FORMAT", "NO_COLOR", "FORCE_COLOR"]) delete env[k];
    const child = spawn(process.execPath, [cliJs, "sacrebleu", ...argv], { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") }));
    if (stdin === null) child.stdin.end();
    else createReadStream(join(cwd, stdin)).pipe(child.stdin);
  });
}

const records: unknown[] = hasShared
  ? gunzipSync(readFileSync(join(conformanceDir, EXPECTED)))
      .toString("utf8")
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l))
  : [];
if (!hasShared) console.warn(`sacrebleu command line conformance: ${SKIP_MESSAGE}`);
const setup = records[0] as { files: SetupFile[]; data_file: string } | undefined;
const runs = records.slice(1) as RunRecord[];

describe.skipIf(!hasShared)("gramscore sacrebleu reproduces sacrebleu 2.6.0's command line", () => {
  let dir = "";
  let version = "";
  beforeAll(() => {
    assertBuilt();
    version = ourVersion();
    dir = tempDir("gramscore-sacrebleu-");
    const rows = readDataset("mt_wmt22_generaltest2022_en-de");
    for (const f of setup!.files) {
      const [first, last] = f.data_lines;
      const lines = rows.slice(first, last + 1).map((r) => {
        if (f.content === "hyp") return r.hyp;
        if (f.content === "refs[0]") return r.refs[0]!;
        if (f.content === "refs[1]") return r.refs[1]!;
        return `${r.refs[0]}\t${r.refs[1]}`;
      });
      const bytes = Buffer.from(lines.join("\n") + "\n", "utf8");
      expect(createHash("sha256").update(bytes).digest("hex"), `${f.path} rebuilt from the data`).toBe(f.sha256);
      mkdirSync(dirname(join(dir, f.path)), { recursive: true });
      writeFileSync(join(dir, f.path), bytes);
    }
  }, 60_000);

  it("has the 29 recorded runs", () => {
    expect(runs).toHaveLength(29);
  });

  for (const run of runs) {
    it(`${run.name}: ${run.argv.join(" ")}${run.stdin === null ? "" : ` < ${run.stdin}`}`, async () => {
      const r = await runCli(dir, run.argv, run.stdin);
      expect(r.stdout).toBe(normalize(run.stdout, version));
      expect(r.stderr).toBe(run.stderr);
      expect(r.code).toBe(run.returncode);
    }, 60_000);
  }
});

/**
 * Every hypothesis and reference of every conformance data file, encoded with each model of
 * tooling/references/spm (trained with Debian's spm_train), hashed and compared with the SHA-256 of
 * Debian's `spm_encode --output_format=piece` output recorded by generate.py beside the models.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SKIP_MESSAGE, hasShared, readDataset, repoRoot } from "../../../tooling/conformance/data.js";
import { loadSentencePieceModel } from "../src/index.js";
import { Sha256 } from "@gramscore/core";

if (!hasShared) console.log(SKIP_MESSAGE);

const HERE = join(repoRoot, "tooling/references/spm");

interface Oracle {
  models: Record<string, { sha256: string; flags: string[] }>;
  data: Record<string, Record<string, { texts: number; via_binding: number; sha256: string }>>;
}

const oracle = JSON.parse(readFileSync(join(HERE, "oracle.json"), "utf8")) as Oracle;
const modelPath = (name: string): string => join(HERE, "models", `${name}.model`);

function texts(file: string): string[] {
  const out: string[] = [];
  for (const rec of readDataset(file.replace(/\.jsonl\.gz$/, ""))) {
    if (typeof rec.hyp !== "string" || !Array.isArray(rec.refs)) continue;
    out.push(rec.hyp, ...rec.refs);
  }
  return out;
}

function spmEncodeAvailable(): boolean {
  try {
    execFileSync("spm_encode", ["--help"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** With spm_encode installed: the first text whose encoding differs, with both outputs. */
function firstDifference(model: string, lines: string[], ours: string[]): string {
  if (!spmEncodeAvailable()) return "install Debian's sentencepiece (apt-get install -y sentencepiece) to see the first differing line";
  const dir = mkdtempSync(join(tmpdir(), "spm-oracle-"));
  try {
    const single = lines.map((t, i) => [t, i] as const).filter(([t]) => !t.includes("\n"));
    writeFileSync(join(dir, "in.txt"), single.map(([t]) => `${t}\n`).join(""));
    const want = execFileSync("spm_encode", [`--model=${modelPath(model)}`, "--output_format=piece", `--input=${join(dir, "in.txt")}`], {
      encoding: "utf8",
      maxBuffer: 1 << 30,
    }).split("\n");
    for (let k = 0; k < single.length; k++) {
      const [text, i] = single[k]!;
      if (want[k] !== ours[i]) return `text ${i} ${JSON.stringify(text)}\n  spm_encode ${want[k]}\n  ours       ${ours[i]}`;
    }
    return "every single-line text matches spm_encode; the difference is in a text holding a newline";
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the oracle's models", () => {
  it("are the files generate.py recorded", () => {
    for (const [name, meta] of Object.entries(oracle.models)) {
      expect(existsSync(modelPath(name)), name).toBe(true);
      expect(loadSentencePieceModel(readFileSync(modelPath(name))).sha256, name).toBe(meta.sha256);
    }
  });
});

describe.skipIf(!hasShared)("spm_encode --output_format=piece (sentencepiece 0.1.97) on every conformance text", () => {
  const models = Object.keys(oracle.models).map((name) => [name, loadSentencePieceModel(readFileSync(modelPath(name)))] as const);
  for (const [file, perModel] of Object.entries(oracle.data)) {
    it(file, { timeout: 600_000 }, () => {
      const lines = texts(file);
      for (const [name, sp] of models) {
        const want = perModel[name]!;
        const cache = new Map<string, string>();
        const ours = lines.map((t) => {
          let e = cache.get(t);
          if (e === undefined) {
            e = sp.encodeAsPieces(t).join(" ");
            cache.set(t, e);
          }
          return e;
        });
        const hash = new Sha256();
        const enc = new TextEncoder();
        for (const line of ours) hash.update(enc.encode(`${line}\n`));
        const got = hash.hex();
        expect(lines.length, `${name}: number of texts`).toBe(want.texts);
        if (got !== want.sha256) expect.fail(`${name} on ${file}: output differs from spm_encode's\n${firstDifference(name, lines, ours)}`);
      }
    });
  }
});

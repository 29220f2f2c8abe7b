/**
 * sacrebleu's SentencePiece tokenizers (flores101, flores200, spBLEU-1K) and intl-words through the
 * command line: resolved by name, the model from $SACREBLEU/models or --spm-model (also in worker
 * threads), the missing-model error, `list`, and equality with the library.
 */
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "@gramscore/core";
import { createBleu } from "@gramscore/metric-bleu";
import { createIntlWords } from "@gramscore/tokenizer-intl-words";
import { createSacrebleuSpm, loadSentencePieceModel } from "@gramscore/tokenizer-sentencepiece";
import { readFileSync } from "node:fs";
import { assertBuilt, cli, repoRoot, tempDir } from "./helpers.js";

beforeAll(() => {
  assertBuilt();
});

const MODEL = join(repoRoot, "tooling/references/spm/models/unigram-nmt_nfkc.model");
const HYPS = ["The cat sat on the mat.", "สวัสดีครับ ผมชื่อสมชาย", "東京都に住んでいます。", "ខ្ញុំស្រលាញ់ភាសាខ្មែរ"];
const REFS = ["The cat is sitting on the mat.", "สวัสดีครับ ผมชื่อสมศักดิ์", "東京に住んでいます。", "ខ្ញុំស្រលាញ់ភាសា"];

interface JsonReport {
  metrics: { metric: string; signature: string; systems: { text: string; corpus: { score: number } }[] }[];
}

function files(): { dir: string; hyp: string; ref: string } {
  const dir = tempDir();
  writeFileSync(join(dir, "hyp.txt"), `${HYPS.join("\n")}\n`);
  writeFileSync(join(dir, "ref.txt"), `${REFS.join("\n")}\n`);
  return { dir, hyp: join(dir, "hyp.txt"), ref: join(dir, "ref.txt") };
}

const segments = HYPS.map((hyp, i) => ({ hyp, refs: [REFS[i]!] }));

describe.concurrent("sacrebleu's SentencePiece tokenizers in the CLI", () => {
  const expected = (() => {
    const bleu = createBleu({ tokenize: createSacrebleuSpm("flores200", { model: readFileSync(MODEL) }) });
    return bleu.format(evaluate(bleu, segments).corpus);
  })();

  it("--tokenize flores200 reads the model from $SACREBLEU/models, under sacrebleu's file name", async () => {
    const { dir, hyp, ref } = files();
    mkdirSync(join(dir, "sb", "models"), { recursive: true });
    copyFileSync(MODEL, join(dir, "sb", "models", "flores200sacrebleuspm"));
    const r = await cli(["score", "-m", "bleu", "--tokenize", "flores200", "-f", "json", "-i", hyp, "-r", ref], { env: { SACREBLEU: join(dir, "sb") } });
    expect(r.stderr).toBe("");
    const report = JSON.parse(r.stdout) as JsonReport;
    expect(report.metrics[0]!.signature).toBe("nrefs:1|case:mixed|eff:no|tok:flores200|smooth:exp|version:gramscore-0.1.0");
    expect(report.metrics[0]!.systems[0]!.text).toBe(expected);
  });

  it("--spm-model gives the model's path, also to worker threads", async () => {
    const { dir, hyp, ref } = files();
    const rel = await cli(["score", "-m", "bleu", "--tokenize", "spBLEU-1K", "--spm-model", MODEL, "-f", "json", "-i", hyp, "-r", ref], { cwd: dir, env: { SACREBLEU: join(dir, "none") } });
    expect(rel.stderr).toBe("");
    const jobs = await cli(["--spm-model", MODEL, "score", "-j", "2", "-m", "bleu", "--tokenize", "spBLEU-1K", "-f", "json", "-i", hyp, "-r", ref], { env: { SACREBLEU: join(dir, "none") } });
    expect(jobs.stderr).toBe("");
    for (const r of [rel, jobs]) {
      const m = (JSON.parse(r.stdout) as JsonReport).metrics[0]!;
      expect(m.signature).toContain("|tok:spBLEU-1K|");
      expect(m.systems[0]!.text).toBe(expected);
    }
  });

  it("says where to get a missing model", async () => {
    const { dir, hyp, ref } = files();
    const r = await cli(["score", "-m", "bleu", "--tokenize", "flores101", "-i", hyp, "-r", ref], { env: { SACREBLEU: join(dir, "sb") } });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model");
    expect(r.stderr).toContain(join(dir, "sb", "models", "sacrebleu_tokenizer_spm.model"));
  });

  it("tokenize -t flores200 prints sentencepiece's pieces", async () => {
    const r = await cli(["tokenize", "-t", "flores200", "--spm-model", MODEL], { stdin: "Hello world\n" });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("▁H ell o ▁world\n");
  });

  it("list shows which tokenizers need a model file, whether it is found and its SHA-256", async () => {
    const sha256 = loadSentencePieceModel(readFileSync(MODEL)).sha256;
    const r = await cli(["--spm-model", MODEL, "list", "-f", "json"]);
    const doc = JSON.parse(r.stdout) as { tokenizers: { name: string; needs?: Record<string, unknown> }[] };
    const needs = Object.fromEntries(doc.tokenizers.filter((t) => t.needs !== undefined).map((t) => [t.name, t.needs]));
    expect(needs.flores200).toEqual({
      kind: "model-file",
      name: "flores200sacrebleuspm",
      found: true,
      location: MODEL,
      source: "https://tinyurl.com/flores200sacrebleuspm",
      sha256,
    });
    const dir = tempDir();
    const text = await cli(["list"], { env: { SACREBLEU: dir } });
    expect(text.stdout).toContain(`needs model file flores200sacrebleuspm: not found at ${join(dir, "models", "flores200sacrebleuspm")}; get it from https://tinyurl.com/flores200sacrebleuspm`);
  });
});

describe.concurrent("intl-words in the CLI", () => {
  const icu = String(process.versions.icu).split(".")[0];

  it("BLEU, ROUGE and METEOR take it by name, signed with the ICU version", async () => {
    const { hyp, ref } = files();
    const r = await cli(["score", "-m", "bleu,rouge,meteor", "--tokenize", "intl-words", "-f", "json", "-i", hyp, "-r", ref]);
    expect(r.stderr).toBe("");
    const report = JSON.parse(r.stdout) as JsonReport;
    for (const m of report.metrics) expect(m.signature).toContain(`tok:intl-words-icu${icu}|`);
    const bleu = createBleu({ tokenize: createIntlWords() });
    expect(report.metrics[0]!.systems[0]!.text).toBe(bleu.format(evaluate(bleu, segments).corpus));
  });

  it("tokenize -t intl-words prints the words", async () => {
    const r = await cli(["tokenize", "-t", "intl-words"], { stdin: "สวัสดีครับ ผมชื่อสมชาย\n" });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("สวัสดี ครับ ผม ชื่อ สมชาย\n");
  });
});

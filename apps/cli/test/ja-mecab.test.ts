/**
 * `ja-mecab` by name in the command line: resolved lazily from @gramscore/tokenizer-ja-mecab (an
 * optional peer of the CLI); `score` equals the library and sacrebleu's golden on WMT22 en-ja;
 * `gramscore sacrebleu -l en-ja` uses it; and without the package (hidden by a resolve hook) the
 * name is listed as not found and fails with MISSING_DEPENDENCY and the install command.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "@gramscore/core";
import { createBleu } from "@gramscore/metric-bleu";
import { createJaMecab } from "@gramscore/tokenizer-ja-mecab";
import { conformanceDir, hasShared, readDataset, readJson } from "../../../tooling/conformance/data.js";
import { assertBuilt, cli, fixtures, tempDir } from "./helpers.js";

beforeAll(() => {
  assertBuilt();
});

const DATASET = "mt_wmt22_generaltest2022_en-ja";
const noJaMecab = ["--import", join(fixtures, "reliab", "no-ja-mecab.mjs")];

/** Real sentences (WMT22 en-ja's first lines) when ../shared is missing. */
const FALLBACK = [
  { hyp: "ご注文が遅くなって申し訳ありません。", refs: ["お客様のご注文が遅れており、申し訳ございません。"] },
  { hyp: "東京都に住んでいます。", refs: ["東京に住んでいます。"] },
  { hyp: "明日の天気は晴れでしょう。", refs: ["明日は晴れるでしょう。"] },
];

interface Golden {
  systems: { system: string; first_line: number; last_line: number; corpus: { score: number; str: string; raw_stats: { sys_len: number; ref_len: number; matches: number[] } } }[];
}

/** The first system of WMT22 en-ja (2,037 lines) and sacrebleu's corpus result for it, or the fallback. */
function data(): { segments: { hyp: string; refs: string[] }[]; golden: Golden["systems"][number] | undefined } {
  const goldenFile = join(conformanceDir, "expected", DATASET, "bleu-ja-mecab.corpus.json");
  if (!hasShared || !existsSync(goldenFile)) return { segments: FALLBACK, golden: undefined };
  const golden = readJson<Golden>(`expected/${DATASET}/bleu-ja-mecab.corpus.json`).systems[0]!;
  const lines = readDataset(DATASET).slice(golden.first_line, golden.last_line + 1);
  return { segments: lines.map((l) => ({ hyp: l.hyp, refs: [l.refs[0]!] })), golden };
}

function files(segments: { hyp: string; refs: string[] }[]): { dir: string; hyp: string; ref: string } {
  const dir = tempDir();
  writeFileSync(join(dir, "hyp.txt"), `${segments.map((s) => s.hyp).join("\n")}\n`);
  writeFileSync(join(dir, "ref.txt"), `${segments.map((s) => s.refs[0]).join("\n")}\n`);
  return { dir, hyp: join(dir, "hyp.txt"), ref: join(dir, "ref.txt") };
}

interface JsonReport {
  metrics: { signature: string; systems: { count: number; text: string; corpus: { score: number; counts: number[]; sysLen: number; refLen: number } }[] }[];
}

describe.concurrent("ja-mecab in the CLI", () => {
  const { segments, golden } = data();
  const library = (() => {
    const bleu = createBleu({ tokenize: createJaMecab() });
    const corpus = evaluate(bleu, segments).corpus;
    return { corpus, text: bleu.format(corpus) };
  })();

  it(`score --tokenize ja-mecab equals the library${golden ? " and sacrebleu (WMT22 en-ja, first system)" : " (fixed sentences: ../shared is missing)"}`, async () => {
    const { hyp, ref } = files(segments);
    for (const jobs of [[], ["-j", "2"]]) {
      const r = await cli(["score", ...jobs, "-m", "bleu", "--tokenize", "ja-mecab", "-f", "json", "-i", hyp, "-r", ref]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const m = (JSON.parse(r.stdout) as JsonReport).metrics[0]!;
      expect(m.signature).toBe("nrefs:1|case:mixed|eff:no|tok:ja-mecab-0.996-IPA|smooth:exp|version:gramscore-0.1.0");
      const system = m.systems[0]!;
      expect(system.count).toBe(segments.length);
      expect(system.corpus.score).toBe(library.corpus.score);
      expect(system.text).toBe(library.text);
      if (golden !== undefined) {
        expect(system.corpus.score).toBe(golden.corpus.score);
        expect(system.text).toBe(golden.corpus.str);
        expect([system.corpus.sysLen, system.corpus.refLen]).toEqual([golden.corpus.raw_stats.sys_len, golden.corpus.raw_stats.ref_len]);
        expect(system.corpus.counts).toEqual(golden.corpus.raw_stats.matches);
      }
    }
  });

  it("gramscore sacrebleu -l en-ja tokenizes with ja-mecab, as sacrebleu does", async () => {
    const { hyp, ref } = files(segments);
    const r = await cli(["sacrebleu", ref, "-i", hyp, "-l", "en-ja", "-w", "4", "-b"]);
    expect(r.stderr).toBe("");
    expect(r.stdout.trim()).toBe(library.corpus.score.toFixed(4));
    const tok = await cli(["sacrebleu", ref, "-i", hyp, "-tok", "ja-mecab", "-f", "text"]);
    expect(tok.stdout).toContain("tok:ja-mecab-0.996-IPA");
  });

  it("gramscore sacrebleu refuses ko-mecab with a clear message", async () => {
    const { hyp, ref } = files(FALLBACK);
    const r = await cli(["sacrebleu", ref, "-i", hyp, "-l", "en-ko"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("ko-mecab (MeCab with mecab-ko-dic) is not available in gramscore");
  });

  it("gramscore list shows ja-mecab and the package it needs", async () => {
    const r = await cli(["list", "-f", "json"]);
    const entry = (JSON.parse(r.stdout) as { tokenizers: { name: string; plugin: string; needs?: { found: boolean; name: string } }[] }).tokenizers.find((t) => t.name === "ja-mecab");
    expect(entry).toMatchObject({ plugin: "@gramscore/tokenizer-ja-mecab", needs: { name: "@gramscore/dict-ipadic", found: true } });
  });

  describe("without @gramscore/tokenizer-ja-mecab installed", () => {
    const install = "npm install @gramscore/tokenizer-ja-mecab";

    it("score --tokenize ja-mecab fails with MISSING_DEPENDENCY and the install command (also with --jobs)", async () => {
      const { hyp, ref } = files(FALLBACK);
      for (const jobs of [[], ["-j", "2"]]) {
        const r = await cli(["score", ...jobs, "-m", "bleu", "--tokenize", "ja-mecab", "-i", hyp, "-r", ref], { nodeArgs: noJaMecab });
        expect(r.code).toBe(2);
        expect(r.stdout).toBe("");
        expect(r.stderr).toContain('The tokenizer "ja-mecab"');
        expect(r.stderr).toContain(`which is not installed`);
        expect(r.stderr).toContain(install);
      }
      const debug = await cli(["--debug", "score", "-m", "bleu", "--tokenize", "ja-mecab", "-i", hyp, "-r", ref], { nodeArgs: noJaMecab });
      expect(debug.stderr).toContain("[MISSING_DEPENDENCY]");
    });

    it("gramscore list names the package as not found, with the install command", async () => {
      const r = await cli(["list"], { nodeArgs: noJaMecab });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`needs data package @gramscore/tokenizer-ja-mecab: not found; get it from ${install}`);
      const json = await cli(["list", "-f", "json"], { nodeArgs: noJaMecab });
      const entry = (JSON.parse(json.stdout) as { tokenizers: { name: string; needs?: unknown }[] }).tokenizers.find((t) => t.name === "ja-mecab");
      expect(entry?.needs).toEqual({ kind: "data-package", name: "@gramscore/tokenizer-ja-mecab", found: false, source: install });
    });

    it("gramscore sacrebleu -l en-ja fails with the same message", async () => {
      const { hyp, ref } = files(FALLBACK);
      const r = await cli(["sacrebleu", ref, "-i", hyp, "-l", "en-ja"], { nodeArgs: noJaMecab });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(install);
    });
  });
});

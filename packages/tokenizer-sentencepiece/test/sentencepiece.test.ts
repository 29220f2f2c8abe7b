import { mkdtempSync, mkdirSync, readFileSync, rmSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isGramscoreError } from "@gramscore/core";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../../tooling/conformance/data.js";
import plugin, {
  SACREBLEU_SPM_MODELS,
  createSacrebleuSpm,
  loadSentencePieceModel,
  sacrebleuModelPath,
  sentencepiecePlugin,
  VERSION,
} from "../src/index.js";
import pkg from "../package.json" with { type: "json" };

const MODELS = join(repoRoot, "tooling/references/spm/models");
const modelFile = (name: string): string => join(MODELS, `${name}.model`);
const TEXTS = ["Hello world", "  Ｈｅｌｌｏ　ｗｏｒｌｄ  ", "東京都に住んでいます。iPhone 15を買いました", "안녕하세요 세계", "a<sep>b @@ going ing 2024", "ﷺ 😀"];

// Debian's spm_encode --output_format=piece (sentencepiece 0.1.97) on TEXTS, one line each.
const SPM_ENCODE: Record<string, string[]> = {
  "unigram-nmt_nfkc": [
    "▁H ell o ▁world",
    "▁H ell o ▁world",
    "▁ 東 京都 に 住 んで います 。 iPhone ▁ 15 を 買 いました",
    "▁ 안녕 하 세요 ▁ 세계",
    "▁a < se p > b ▁ @@ ▁ go ing ▁ ing ▁20 24",
    "▁ صلى ▁ الله ▁ عليه ▁ وسلم ▁ 😀",
  ],
  "bpe-nmt_nfkc": [
    "▁H ell o ▁wor ld",
    "▁H ell o ▁wor ld",
    "▁ 東 京 都 に 住 ん で います 。 i P h one ▁1 5 を 買 い ました",
    "▁ 안녕 하 세요 ▁ 세계",
    "▁a < se p > b ▁ @@ ▁g o ing ▁in g ▁20 2 4",
    "▁ صلى ▁ الله ▁ عليه ▁ وسلم ▁ 😀",
  ],
  "unigram-bytes-user": [
    "▁H ell o ▁wo r ld",
    "▁H ell o ▁wo r ld",
    "▁ 東 京都 に 住 んで います 。 i P ho ne ▁ 1 5 を <0xE8> <0xB2> <0xB7> いました",
    "▁ <0xEC> <0x95> <0x88> <0xEB> <0x85> <0x95> 하 <0xEC> <0x84> <0xB8> <0xEC> <0x9A> <0x94> ▁ <0xEC> <0x84> <0xB8> <0xEA> <0xB3> <0x84>",
    "▁a <sep> b ▁ @@ ▁ go ing▁ ing▁ 2 0 2 4",
    "▁ <0xD8> <0xB5> <0xD9> <0x84> <0xD9> <0x89> ▁ <0xD8> <0xA7> <0xD9> <0x84> <0xD9> <0x84> <0xD9> <0x87> ▁ <0xD8> <0xB9> <0xD9> <0x84> <0xD9> <0x8A> <0xD9> <0x87> ▁ <0xD9> <0x88> <0xD8> <0xB3> <0xD9> <0x84> <0xD9> <0x85> ▁ <0xF0> <0x9F> <0x98> <0x80>",
  ],
  "bpe-bytes-nfkc_cf": [
    "▁he ll o ▁wor ld",
    "▁he ll o ▁wor ld",
    "▁ 東 京 都 に 住 ん で います 。 ip h one ▁15 を <0xE8> <0xB2> <0xB7> い ました",
    "▁ <0xEC> <0x95> <0x88> <0xEB> <0x85> <0x95> 하 <0xEC> <0x84> <0xB8> <0xEC> <0x9A> <0x94> ▁ <0xEC> <0x84> <0xB8> <0xEA> <0xB3> <0x84>",
    "▁a <0x3C> se p > b ▁ <0x40> <0x40> ▁go ing ▁in g ▁20 2 4",
    "▁ <0xD8> <0xB5> <0xD9> <0x84> <0xD9> <0x89> ▁ <0xD8> <0xA7> <0xD9> <0x84> <0xD9> <0x84> <0xD9> <0x87> ▁ <0xD8> <0xB9> <0xD9> <0x84> <0xD9> <0x8A> <0xD9> <0x87> ▁ <0xD9> <0x88> <0xD8> <0xB3> <0xD9> <0x84> <0xD9> <0x85> ▁ <0xF0> <0x9F> <0x98> <0x80>",
  ],
};

describe("loadSentencePieceModel", () => {
  for (const [name, want] of Object.entries(SPM_ENCODE)) {
    it(`${name}: the pieces spm_encode prints`, () => {
      const sp = loadSentencePieceModel(readFileSync(modelFile(name)));
      expect(TEXTS.map((t) => sp.encodeAsPieces(t).join(" "))).toEqual(want);
    });
  }

  it("reads the model's settings and hashes the file", () => {
    const sp = loadSentencePieceModel(readFileSync(modelFile("unigram-bytes-user")));
    expect([sp.modelType, sp.vocabularySize, sp.normalization, sp.byteFallback]).toEqual(["unigram", 3000, "nmt_nfkc", true]);
    expect(sp.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(sp.normalize("  a\tb  ")).toBe("▁a▁b");
    expect(sp.encodeAsPieces("")).toEqual([]);
    expect(sp.encodeAsPieces("   ")).toEqual([]);
    expect(sp.encodeAsIds("Hello").length).toBe(sp.encodeAsPieces("Hello").length);
  });

  it("refuses what is not a model", () => {
    const err = (() => {
      try {
        loadSentencePieceModel(new TextEncoder().encode("not a model"));
      } catch (e) {
        return e;
      }
    })();
    expect(isGramscoreError(err) && err.code).toBe("INVALID_OPTION");
    expect(() => loadSentencePieceModel("x" as never)).toThrow(/Uint8Array/);
  });
});

describe("sacrebleu's flores101, flores200, spBLEU-1K", () => {
  const dir = mkdtempSync(join(tmpdir(), "sacrebleu-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("use sacrebleu's file names under $SACREBLEU/models", () => {
    expect(SACREBLEU_SPM_MODELS.flores200.file).toBe("flores200sacrebleuspm");
    expect(sacrebleuModelPath("flores101", { sacrebleuDir: "/x" })).toBe("/x/models/sacrebleu_tokenizer_spm.model");
    const saved = process.env.SACREBLEU;
    process.env.SACREBLEU = "/data/sb";
    try {
      expect(sacrebleuModelPath("spBLEU-1K")).toBe("/data/sb/models/spbleu-1k_tokenizer_spm.model");
    } finally {
      if (saved === undefined) delete process.env.SACREBLEU;
      else process.env.SACREBLEU = saved;
    }
  });

  it("say where to get a missing model", () => {
    let err: unknown;
    try {
      createSacrebleuSpm("flores200", { sacrebleuDir: dir });
    } catch (e) {
      err = e;
    }
    expect(isGramscoreError(err) && err.code).toBe("MISSING_DEPENDENCY");
    expect((err as Error).message).toContain("https://tinyurl.com/flores200sacrebleuspm");
    expect((err as Error).message).toContain(join(dir, "models", "flores200sacrebleuspm"));
  });

  it("read the model from sacrebleu's folder, sign as sacrebleu and describe the file", () => {
    mkdirSync(join(dir, "models"), { recursive: true });
    copyFileSync(modelFile("unigram-nmt_nfkc"), join(dir, "models", "flores200sacrebleuspm"));
    const tok = createSacrebleuSpm("flores200", { sacrebleuDir: dir });
    expect(tok.signature).toBe("flores200");
    expect(tok.tokenizeToString("Hello world")).toBe("▁H ell o ▁world");
    expect(tok.tokenize("Hello world")).toEqual(["▁H", "ell", "o", "▁world"]);
    expect(tok.description).toContain(`sha256 ${tok.model.sha256}`);
    const bytes = createSacrebleuSpm("flores101", { model: readFileSync(modelFile("unigram-nmt_nfkc")) });
    expect(bytes.model.sha256).toBe(tok.model.sha256);
  });

  it("are the plugin's tokenizers, with what they need", () => {
    const find = (p: typeof plugin, name: string) => p.tokenizers!.find((t) => t.name === name)!;
    expect(plugin).toMatchObject({ kind: "plugin", name: "@gramscore/tokenizer-sentencepiece", version: VERSION });
    expect(VERSION).toBe(pkg.version);
    expect(plugin.tokenizers!.map((e) => e.name)).toEqual(["flores101", "flores200", "spBLEU-1K"]);
    expect(find(plugin, "flores200").needs?.()).toMatchObject({ kind: "model-file", name: "flores200sacrebleuspm", source: "https://tinyurl.com/flores200sacrebleuspm" });
    const custom = sentencepiecePlugin({ model: modelFile("bpe-nmt_nfkc") });
    const tok = find(custom, "spBLEU-1K").create();
    expect(tok.signature).toBe("spBLEU-1K");
    expect(tok.tokenize("Hello world")).toEqual(["▁H", "ell", "o", "▁wor", "ld"]);
    const sha256 = loadSentencePieceModel(readFileSync(modelFile("bpe-nmt_nfkc"))).sha256;
    expect(find(custom, "spBLEU-1K").needs?.()).toEqual({
      kind: "model-file",
      name: "spbleu-1k_tokenizer_spm.model",
      found: true,
      location: modelFile("bpe-nmt_nfkc"),
      source: "https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model",
      sha256,
    });
  });
});

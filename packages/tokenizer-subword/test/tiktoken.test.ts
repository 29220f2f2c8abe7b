import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, evaluate, isGramscoreError } from "@gramscore/core";
import { hashRanks, type SubwordTokenizer } from "@gramscore/tokenizer-subword";
import { TIKTOKEN_LIBRARIES, loadTiktoken, loadTiktokenSync, type TiktokenLibrary } from "@gramscore/tokenizer-subword/tiktoken";
import { createOverlapMetric, lines, naiveOverlap, paragraphs, segmentsFromLines } from "./helpers.js";

const require = createRequire(import.meta.url);

const directCache = new Map<string, Partial<Record<TiktokenLibrary, (text: string) => number[]>>>();

/**
 * Each library's own encoder, called directly: the reference for the adapters. js-tiktoken's is
 * built for cl100k_base only (building its o200k_base tables takes seconds); its o200k_base adapter
 * is checked against the other two libraries' own output.
 */
async function directEncoders(encoding: string): Promise<Partial<Record<TiktokenLibrary, (text: string) => number[]>>> {
  const cached = directCache.get(encoding);
  if (cached) return cached;
  const gpt = (await import(`gpt-tokenizer/encoding/${encoding}`)) as { encode(t: string, o: unknown): number[] };
  const lite = (await import("tiktoken/lite")) as unknown as { Tiktoken: new (b: string, s: unknown, p: string) => { encode_ordinary(t: string): Uint32Array; free(): void } };
  const data = require(`tiktoken/encoders/${encoding}.json`) as { bpe_ranks: string; special_tokens: unknown; pat_str: string };
  const w = new lite.Tiktoken(data.bpe_ranks, data.special_tokens, data.pat_str);
  freeLater.push(() => w.free());
  const encoders: Partial<Record<TiktokenLibrary, (text: string) => number[]>> = {
    "gpt-tokenizer": (t) => gpt.encode(t, { disallowedSpecial: new Set() }),
    tiktoken: (t) => Array.from(w.encode_ordinary(t)),
  };
  if (encoding === "cl100k_base") {
    const { Tiktoken: JsTiktoken } = (await import("js-tiktoken/lite")) as { Tiktoken: new (r: unknown) => { encode(t: string, a: string[], d: string[]): number[] } };
    const js = new JsTiktoken(((await import(`js-tiktoken/ranks/${encoding}`)) as { default: unknown }).default);
    encoders["js-tiktoken"] = (t) => js.encode(t, [], []);
  }
  directCache.set(encoding, encoders);
  return encoders;
}
const freeLater: (() => void)[] = [];

const ENCODINGS = ["o200k_base", "cl100k_base"] as const;
const loaded = new Map<string, SubwordTokenizer>();

beforeAll(async () => {
  for (const encoding of ENCODINGS) {
    for (const library of TIKTOKEN_LIBRARIES) loaded.set(`${encoding}/${library}`, await loadTiktoken({ encoding, library }));
  }
});
afterAll(() => {
  for (const t of loaded.values()) t.dispose();
  for (const f of freeLater) f();
});

describe.each(ENCODINGS)("%s", (encoding) => {
  it("gives each library's own ids, on the whole text and line by line", async () => {
    const direct = await directEncoders(encoding);
    let compared = 0;
    for (const library of TIKTOKEN_LIBRARIES) {
      const tok = loaded.get(`${encoding}/${library}`)!;
      const reference = direct[library] ?? direct["gpt-tokenizer"]!;
      for (const text of [paragraphs, ...lines]) {
        const ids = reference(text);
        expect(direct.tiktoken!(text)).toEqual(ids);
        expect(tok.encode(text)).toEqual(ids);
        expect(tok.tokenize(text)).toEqual(ids.map(String));
        compared += ids.length;
      }
    }
    console.log(`${encoding}: ${lines.length} lines + the whole text through 3 libraries, ${compared} token ids compared`);
  });

  it("gives identical ids and signatures in gpt-tokenizer, js-tiktoken and tiktoken (WASM)", () => {
    const [a, b, c] = TIKTOKEN_LIBRARIES.map((l) => loaded.get(`${encoding}/${l}`)!);
    const ids = a!.encode(paragraphs);
    expect(ids.length).toBeGreaterThan(300);
    expect(b!.encode(paragraphs)).toEqual(ids);
    expect(c!.encode(paragraphs)).toEqual(ids);
    expect(a!.signature).toMatch(new RegExp(`^tiktoken-${encoding}#[0-9a-f]{8}$`));
    expect(b!.signature).toBe(a!.signature);
    expect(c!.signature).toBe(a!.signature);
    expect(b!.vocabularyHash).toBe(a!.vocabularyHash);
  });

  it("hashes the vocabulary as a naive reading of the rank table does", () => {
    // Independent reference: decode js-tiktoken's rank table with Buffer and hash the (rank, bytes) pairs.
    const table = (require(`js-tiktoken/ranks/${encoding}`) as { bpe_ranks: string }).bpe_ranks;
    const pairs: [number, Uint8Array][] = [];
    for (const line of table.split("\n").filter(Boolean)) {
      const [, first, ...tokens] = line.split(" ");
      tokens.forEach((b64, i) => pairs.push([Number(first) + i, new Uint8Array(Buffer.from(b64, "base64"))]));
    }
    expect(loaded.get(`${encoding}/gpt-tokenizer`)!.vocabularyHash).toBe(hashRanks(pairs));
  });

  it("encodes text that looks like a special token as ordinary text", () => {
    const text = "before <|endoftext|> after <|fim_prefix|>";
    const ids = loaded.get(`${encoding}/gpt-tokenizer`)!.encode(text);
    for (const library of TIKTOKEN_LIBRARIES) expect(loaded.get(`${encoding}/${library}`)!.encode(text)).toEqual(ids);
    const eot = encoding === "o200k_base" ? 199999 : 100257;
    expect(ids).not.toContain(eot);
    expect(ids.length).toBeGreaterThan(6);
  });

  it("keeps byte-level tokens of one character apart (ids, not decoded text)", async () => {
    const tok = loaded.get(`${encoding}/tiktoken`)!;
    const tokens = tok.tokenize("🤖 漢字 👩‍🔬");
    expect(new Set(tokens).size).toBeGreaterThan(3);
    const decode = ((await import(`gpt-tokenizer/encoding/${encoding}`)) as { decode(ids: number[]): string }).decode;
    expect(decode(tok.encode(paragraphs))).toBe(paragraphs);
  });

  it("plugs into evaluate(): statistics equal a naive count over the library's ids", async () => {
    const tok = loaded.get(`${encoding}/js-tiktoken`)!;
    const segments = segmentsFromLines();
    const result = evaluate(createOverlapMetric(tok), segments);
    const direct = (await directEncoders(encoding))["gpt-tokenizer"]!;
    expect(result.stats).toEqual(naiveOverlap(segments.map((s) => ({ hyp: direct(s.hyp), refs: s.refs.map(direct) }))));
    expect(result.signature).toBe(`tok:${tok.signature}|version:test`);
    console.log(`${encoding}: evaluate() over ${result.count} segments, stats ${JSON.stringify(result.stats)}`);
  });
});

describe("signatures", () => {
  it("differ between vocabularies and are equal for equal ones", async () => {
    const o200k = loaded.get("o200k_base/gpt-tokenizer")!;
    const cl100k = loaded.get("cl100k_base/gpt-tokenizer")!;
    const r50k = await loadTiktoken({ encoding: "r50k_base", library: "gpt-tokenizer" });
    const gpt2 = await loadTiktoken({ encoding: "gpt2", library: "js-tiktoken" });
    expect(new Set([o200k.vocabularyHash, cl100k.vocabularyHash, r50k.vocabularyHash]).size).toBe(3);
    // gpt2 and r50k_base share their ranks (same hash) but keep their own names.
    expect(gpt2.vocabularyHash).toBe(r50k.vocabularyHash);
    expect(gpt2.signature).not.toBe(r50k.signature);
    // Equal vocabularies give equal signatures: see the three libraries above.
  });
});

describe("loaders", () => {
  it("loadTiktokenSync gives the same tokenizer as loadTiktoken", async () => {
    const reference = await loadTiktoken({ encoding: "r50k_base", library: "gpt-tokenizer" });
    for (const library of TIKTOKEN_LIBRARIES) {
      const tok = loadTiktokenSync({ encoding: "r50k_base", library });
      expect(tok.encode(paragraphs)).toEqual(reference.encode(paragraphs));
      expect(tok.signature).toBe(reference.signature);
      tok.dispose();
    }
  });

  it("defaults to o200k_base with the first installed library", async () => {
    const tok = await loadTiktoken();
    expect(tok.signature).toBe(loaded.get("o200k_base/js-tiktoken")!.signature);
    expect(tok.tokenize("Hello world")).toEqual(["13225", "2375"]);
  });

  it("rejects unknown encodings and libraries", async () => {
    await expect(loadTiktoken({ encoding: "o300k" as never })).rejects.toMatchObject({ code: ErrorCode.INVALID_OPTION });
    await expect(loadTiktoken({ library: "tiktoken-rs" as never })).rejects.toMatchObject({ code: ErrorCode.INVALID_OPTION });
    expect(() => loadTiktokenSync({ encoding: "nope" as never })).toThrow(/expected one of o200k_base/);
  });
});

describe("missing optional peers", () => {
  const notFound = (specifier: string) => Object.assign(new Error(`Cannot find package '${specifier}'`), { code: "ERR_MODULE_NOT_FOUND" });
  const failing = async (specifier: string): Promise<never> => {
    throw notFound(specifier);
  };

  it("names the package and the install command when the chosen library is missing", async () => {
    for (const library of TIKTOKEN_LIBRARIES) {
      const error = await loadTiktoken({ library, importer: failing }).catch((e: unknown) => e);
      expect(isGramscoreError(error, ErrorCode.MISSING_DEPENDENCY)).toBe(true);
      expect((error as Error).message).toContain(`npm install ${library}`);
      expect((error as { details: unknown }).details).toEqual({ package: library });
    }
  });

  it("falls back to the next library, and lists them all when none is installed", async () => {
    const onlyWasm = (specifier: string) => (specifier.startsWith("tiktoken/") ? import(specifier) : failing(specifier));
    const tok = await loadTiktoken({ encoding: "cl100k_base", importer: onlyWasm });
    expect(tok.signature).toBe(loaded.get("cl100k_base/gpt-tokenizer")!.signature);
    tok.dispose();
    const error = await loadTiktoken({ importer: failing }).catch((e: unknown) => e);
    expect(isGramscoreError(error, ErrorCode.MISSING_DEPENDENCY)).toBe(true);
    expect((error as Error).message).toMatch(/gpt-tokenizer, js-tiktoken, tiktoken.*npm install gpt-tokenizer/);
  });

  it("reports a library that is installed but fails to load as PLUGIN_LOAD_FAILED", async () => {
    const broken = async (): Promise<never> => {
      throw new TypeError("wasm instantiation failed");
    };
    const error = await loadTiktoken({ library: "tiktoken", importer: broken }).catch((e: unknown) => e);
    expect(isGramscoreError(error, ErrorCode.PLUGIN_LOAD_FAILED)).toBe(true);
    expect((error as Error).message).toMatch(/installed but failed to load: wasm instantiation failed/);
    const wrongShape = await loadTiktoken({ library: "js-tiktoken", importer: async () => ({}) }).catch((e: unknown) => e);
    expect(isGramscoreError(wrongShape, ErrorCode.PLUGIN_LOAD_FAILED)).toBe(true);
  });
});

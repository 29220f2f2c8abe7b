/**
 * `@gramscore/tokenizer-subword/tiktoken`: OpenAI's byte-level BPE encodings (o200k_base,
 * cl100k_base, …) through any of three libraries, all optional peers loaded on demand:
 * gpt-tokenizer (pure JS, fastest), js-tiktoken (pure JS) and tiktoken (WASM). The same encoding
 * gives the same ids and the same signature whichever library runs it.
 */
import { ErrorCode, GramscoreError, describeValue, sha256Hex } from "@gramscore/core";
import { createSubwordTokenizer, type SubwordTokenizer } from "./adapter.js";
import { serializeGptTokenizer, serializeTiktokenText } from "./fingerprint.js";
import { defaultExport, importPeer, member, requirePeer, type Importer, type Peer } from "./load.js";

/** The encodings every supported library ships. */
export const TIKTOKEN_ENCODINGS = ["o200k_base", "cl100k_base", "p50k_base", "p50k_edit", "r50k_base", "gpt2"] as const;
/** One of {@link TIKTOKEN_ENCODINGS}. */
export type TiktokenEncoding = (typeof TIKTOKEN_ENCODINGS)[number];

/** The libraries that can run an encoding, in the order they are tried when none is named. */
export const TIKTOKEN_LIBRARIES = ["gpt-tokenizer", "js-tiktoken", "tiktoken"] as const;
/** One of {@link TIKTOKEN_LIBRARIES}. */
export type TiktokenLibrary = (typeof TIKTOKEN_LIBRARIES)[number];

/** Options of {@link loadTiktoken} and {@link loadTiktokenSync}. */
export interface TiktokenOptions {
  /** The encoding (default `o200k_base`, the GPT-4o / GPT-5 vocabulary). */
  encoding?: TiktokenEncoding;
  /** The library to run it with (default: the first installed of gpt-tokenizer, js-tiktoken, tiktoken). */
  library?: TiktokenLibrary;
  /** How to import the library's modules (default: dynamic `import()`); see {@link Importer}. */
  importer?: Importer;
}

interface Built {
  encode(text: string): ArrayLike<number>;
  /** Identity of the rank table, for the hash cache. */
  key: object;
  /** The canonical serialization of the ranks (see serializeRanks). */
  ranks(): Uint8Array;
  dispose?: () => void;
}

interface LibrarySpec {
  specifiers(encoding: TiktokenEncoding): string[];
  build(mods: unknown[]): Built;
}

/** gpt-tokenizer names its rank files after the base encoding. */
function gptTokenizerRanks(encoding: TiktokenEncoding): string {
  if (encoding === "gpt2") return "r50k_base";
  if (encoding === "p50k_edit") return "p50k_base";
  return encoding;
}

function unexpected(library: string, what: string, value: unknown): GramscoreError {
  return new GramscoreError(
    ErrorCode.PLUGIN_LOAD_FAILED,
    `${library} does not look as expected: ${what}, but found ${describeValue(value)}. Check that the installed version is supported (see peerDependencies).`,
  );
}

const LIBRARIES: Record<TiktokenLibrary, LibrarySpec> = {
  "gpt-tokenizer": {
    specifiers: (e) => [`gpt-tokenizer/encoding/${e}`, `gpt-tokenizer/bpeRanks/${gptTokenizerRanks(e)}`],
    build([encMod, ranksMod]) {
      const encode = member(encMod, "encode");
      if (typeof encode !== "function") throw unexpected("gpt-tokenizer", "the encoding module should export encode()", encode);
      const table = defaultExport(ranksMod);
      if (!Array.isArray(table)) throw unexpected("gpt-tokenizer", "the bpeRanks module should export an array", table);
      // Special-token text such as "<|endoftext|>" is encoded as ordinary text, as tiktoken's encode_ordinary does.
      const ordinary = { disallowedSpecial: new Set<string>() };
      return {
        encode: (text) => (encode as (t: string, o: unknown) => number[])(text, ordinary),
        key: table,
        ranks: () => serializeGptTokenizer(table as (string | number[])[]),
      };
    },
  },
  "js-tiktoken": {
    specifiers: (e) => ["js-tiktoken/lite", `js-tiktoken/ranks/${e}`],
    build([liteMod, ranksMod]) {
      const Tiktoken = member(liteMod, "Tiktoken");
      if (typeof Tiktoken !== "function") throw unexpected("js-tiktoken", "js-tiktoken/lite should export the Tiktoken class", Tiktoken);
      const ranks = defaultExport(ranksMod) as { bpe_ranks?: unknown };
      if (typeof ranks?.bpe_ranks !== "string") throw unexpected("js-tiktoken", "the ranks module should export { bpe_ranks }", ranks);
      const enc = new (Tiktoken as new (r: unknown) => { encode(t: string, a: string[], d: string[]): number[] })(ranks);
      return {
        encode: (text) => enc.encode(text, [], []),
        key: ranks,
        ranks: () => serializeTiktokenText(ranks.bpe_ranks as string),
      };
    },
  },
  tiktoken: {
    specifiers: (e) => ["tiktoken/lite", `tiktoken/encoders/${e}`],
    build([liteMod, dataMod]) {
      const Tiktoken = member(liteMod, "Tiktoken");
      if (typeof Tiktoken !== "function") throw unexpected("tiktoken", "tiktoken/lite should export the Tiktoken class", Tiktoken);
      const data = defaultExport(dataMod) as { bpe_ranks?: unknown; special_tokens?: unknown; pat_str?: unknown };
      if (typeof data?.bpe_ranks !== "string") throw unexpected("tiktoken", "the encoder module should export { bpe_ranks, special_tokens, pat_str }", data);
      type Wasm = { encode_ordinary(t: string): Uint32Array; free(): void };
      const enc = new (Tiktoken as new (r: unknown, s: unknown, p: unknown) => Wasm)(data.bpe_ranks, data.special_tokens, data.pat_str);
      return {
        encode: (text) => enc.encode_ordinary(text),
        key: data,
        ranks: () => serializeTiktokenText(data.bpe_ranks as string),
        dispose: () => enc.free(),
      };
    },
  },
};

const hashCache = new WeakMap<object, string>();

function checkOptions(options: TiktokenOptions): { encoding: TiktokenEncoding; libraries: TiktokenLibrary[] } {
  if (options === null || typeof options !== "object") {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `Tiktoken options must be an object, but got ${describeValue(options)}.`);
  }
  const encoding = options.encoding ?? "o200k_base";
  if (!(TIKTOKEN_ENCODINGS as readonly string[]).includes(encoding)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Unknown tiktoken encoding ${describeValue(encoding)}; expected one of ${TIKTOKEN_ENCODINGS.join(", ")}.`,
      { details: { option: "encoding" } },
    );
  }
  if (options.library !== undefined && !(TIKTOKEN_LIBRARIES as readonly string[]).includes(options.library)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Unknown tiktoken library ${describeValue(options.library)}; expected one of ${TIKTOKEN_LIBRARIES.join(", ")}.`,
      { details: { option: "library" } },
    );
  }
  return { encoding, libraries: options.library !== undefined ? [options.library] : [...TIKTOKEN_LIBRARIES] };
}

function peer(library: TiktokenLibrary, encoding: TiktokenEncoding): Peer {
  return { name: library, neededBy: `The tiktoken tokenizer (${encoding} via ${library})` };
}

function noLibrary(encoding: TiktokenEncoding, causes: unknown[]): GramscoreError {
  return new GramscoreError(
    ErrorCode.MISSING_DEPENDENCY,
    `The tiktoken tokenizer (${encoding}) needs one of the optional peer dependencies ${TIKTOKEN_LIBRARIES.join(", ")}, but none is installed. ` +
      "Install one next to @gramscore/tokenizer-subword, e.g. `npm install gpt-tokenizer` (pure JavaScript, the fastest).",
    { cause: causes[0], details: { packages: [...TIKTOKEN_LIBRARIES] } },
  );
}

function finish(built: Built, encoding: TiktokenEncoding): SubwordTokenizer {
  const key = built.key;
  return createSubwordTokenizer(built.encode, {
    name: "tiktoken",
    label: `tiktoken-${encoding}`,
    vocabularyHash: () => {
      let h = hashCache.get(key);
      if (h === undefined) {
        h = sha256Hex(built.ranks());
        hashCache.set(key, h);
      }
      return h;
    },
    dispose: built.dispose,
  });
}

/**
 * Loads an OpenAI encoding through gpt-tokenizer, js-tiktoken or tiktoken (whichever is installed,
 * or `library`). Tokens are the decimal token ids; text that looks like a special token
 * (`<|endoftext|>`) is encoded as ordinary text. Signature: `tiktoken-<encoding>#<hash>`, where the
 * hash covers the mergeable ranks (token bytes by rank), so it is the same for every library.
 * ```ts
 * const tok = await loadTiktoken({ encoding: "o200k_base" });
 * tok.tokenize("Hello world"); // ["13225", "2375"]
 * tok.signature;               // "tiktoken-o200k_base#…"
 * ```
 * Call `dispose()` when done if the library is tiktoken (it frees WASM memory).
 * @throws GramscoreError `MISSING_DEPENDENCY` when the library (or every library) is missing,
 * `INVALID_OPTION` for an unknown encoding or library.
 */
export async function loadTiktoken(options: TiktokenOptions = {}): Promise<SubwordTokenizer> {
  const { encoding, libraries } = checkOptions(options);
  const causes: unknown[] = [];
  for (const library of libraries) {
    const spec = LIBRARIES[library];
    const p = peer(library, encoding);
    let mods: unknown[];
    try {
      mods = [];
      for (const s of spec.specifiers(encoding)) mods.push(await importPeer(p, s, options.importer));
    } catch (error) {
      if (libraries.length > 1 && error instanceof GramscoreError && error.code === ErrorCode.MISSING_DEPENDENCY) {
        causes.push(error);
        continue;
      }
      throw error;
    }
    return finish(spec.build(mods), encoding);
  }
  throw noLibrary(encoding, causes);
}

/**
 * {@link loadTiktoken} without `await`, for Node.js: the library is loaded with `require`. This is
 * what the plugin's `tiktoken` tokenizer uses in Node.
 * @throws GramscoreError as {@link loadTiktoken}, and `USAGE` outside Node.
 */
export function loadTiktokenSync(options: Omit<TiktokenOptions, "importer"> = {}): SubwordTokenizer {
  const { encoding, libraries } = checkOptions(options);
  const causes: unknown[] = [];
  for (const library of libraries) {
    const spec = LIBRARIES[library];
    const p = peer(library, encoding);
    let mods: unknown[];
    try {
      mods = spec.specifiers(encoding).map((s) => requirePeer(p, s));
    } catch (error) {
      if (libraries.length > 1 && error instanceof GramscoreError && error.code === ErrorCode.MISSING_DEPENDENCY) {
        causes.push(error);
        continue;
      }
      throw error;
    }
    return finish(spec.build(mods), encoding);
  }
  throw noLibrary(encoding, causes);
}

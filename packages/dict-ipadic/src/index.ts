/**
 * @gramscore/dict-ipadic: IPADIC 2.7.0-20070801, the dictionary of sacrebleu's `ja-mecab` tokenizer,
 * in a compact binary file (`dist/ipadic.bin`, generated at build time from the release's sources)
 * read on demand.
 * @packageDocumentation
 */
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { parseIpadic } from "./format.js";
import type { Ipadic } from "./format.js";
import { VERSION } from "./version.js";

export { FORMAT_VERSION, parseIpadic } from "./format.js";
export type { CharCategory, Ipadic } from "./format.js";
export { VERSION };

/** What the dictionary is: its release, entry count and connection-matrix size. */
export const IPADIC_INFO = {
  name: "IPADIC",
  version: "2.7.0-20070801",
  entries: 392126,
  lsize: 1316,
  rsize: 1316,
} as const;

/** The file name of the dictionary inside the package's `dist/` folder. */
export const IPADIC_FILE = "ipadic.bin";

let cached: Ipadic | undefined;

function nodeBuiltin<T>(id: string): T | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return typeof proc?.getBuiltinModule === "function" ? (proc.getBuiltinModule(id) as T | undefined) : undefined;
}

/**
 * The dictionary, read once (synchronously) from the package's `dist/ipadic.bin` in Node, or the one
 * given to {@link useIpadic} / {@link loadIpadicFrom} before. Later calls return the same object.
 * @throws GramscoreError `IO_ERROR` outside Node when no dictionary was given, or when the file cannot be read.
 */
export function loadIpadic(): Ipadic {
  if (cached) return cached;
  const fs = nodeBuiltin<{ readFileSync(p: URL): Uint8Array; existsSync(p: URL): boolean }>("node:fs");
  if (!fs) {
    throw new GramscoreError(
      ErrorCode.IO_ERROR,
      "Expected IPADIC to be loaded before the first ja-mecab tokenization, but this runtime has no file system. " +
        `Call await loadIpadicFrom(url) with the URL of @gramscore/dict-ipadic's dist/${IPADIC_FILE}, or useIpadic(bytes), first.`,
    );
  }
  // dist/index.js sits beside dist/ipadic.bin; the sources (src/) are one folder further. The base is a
  // variable so that bundlers do not take `new URL(…, import.meta.url)` for an asset to copy.
  const base = import.meta.url;
  const candidates = [new URL(`./${IPADIC_FILE}`, base), new URL(`../dist/${IPADIC_FILE}`, base)];
  const file = candidates.find((c) => c.protocol === "file:" && fs.existsSync(c));
  if (!file) {
    throw new GramscoreError(
      ErrorCode.IO_ERROR,
      `Expected ${IPADIC_FILE} beside @gramscore/dict-ipadic's code, but found none at ${candidates.map(String).join(" or ")}. ` +
        "Reinstall the package (or run its build, which generates the file), or pass the bytes with useIpadic(bytes).",
    );
  }
  cached = parseIpadic(fs.readFileSync(file));
  return cached;
}

/**
 * Makes `bytes` (the contents of `ipadic.bin`) the dictionary {@link loadIpadic} returns: for browsers
 * and bundles that ship the file themselves.
 * @throws GramscoreError `MALFORMED_INPUT` when the bytes are not an ipadic.bin.
 */
export function useIpadic(bytes: Uint8Array | ArrayBuffer): Ipadic {
  cached = parseIpadic(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  return cached;
}

/**
 * Fetches `ipadic.bin` from `url` and makes it the dictionary {@link loadIpadic} returns.
 * @throws GramscoreError `IO_ERROR` when the fetch fails, `MALFORMED_INPUT` for another file.
 */
export async function loadIpadicFrom(url: string | URL): Promise<Ipadic> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new GramscoreError(ErrorCode.IO_ERROR, `Expected to fetch ${String(url)}, but the request failed (${String(error)}). Check the URL of ${IPADIC_FILE}.`);
  }
  if (!response.ok) {
    throw new GramscoreError(ErrorCode.IO_ERROR, `Expected ${IPADIC_FILE} at ${String(url)}, but the server answered ${response.status}. Check the URL.`);
  }
  return useIpadic(new Uint8Array(await response.arrayBuffer()));
}

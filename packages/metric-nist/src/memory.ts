/**
 * The memory NIST's statistics may hold. NIST keeps the tokens of every segment (its information
 * weights come from the whole corpus), so its statistics grow with the corpus: about 8 KB per WMT22
 * en-de segment with two references in V8's heap. The estimate below counts each kept token string
 * (2 bytes per UTF-16 unit plus {@link TOKEN_BYTES}) and each token array ({@link ARRAY_BYTES} plus 8
 * bytes a slot); statistics whose estimate would pass the limit are refused with `LIMIT_EXCEEDED`
 * before they are built.
 */
import { ErrorCode, GramscoreError, defineLimit } from "@gramscore/core";
import type { NistSegment } from "./score.js";

/** Bytes counted per kept token beyond its characters (string header, hash, array slot). */
export const TOKEN_BYTES = 80;
/** Bytes counted per token array (hypothesis or reference) beyond its slots. */
export const ARRAY_BYTES = 48;

/** The limit itself (see {@link setNistMemoryLimit}). */
const memoryLimit = /* @__PURE__ */ defineLimit("The NIST memory limit", 2 ** 31, { unit: "bytes", safe: true });

/**
 * Sets the most bytes (as estimated, see {@link segmentBytes}) NIST's statistics may hold, default
 * 2^31 (2 GiB, about 280,000 WMT segments with two references), and returns the previous value.
 * The limit protects the process; within it, scores are the same.
 * @throws GramscoreError `INVALID_OPTION` for a value that is not a positive whole number.
 */
export function setNistMemoryLimit(bytes: number): number {
  return memoryLimit.set(bytes);
}

/** The current limit of {@link setNistMemoryLimit}. */
export function nistMemoryLimit(): number {
  return memoryLimit.get();
}

/** The estimated bytes one kept segment takes. */
export function segmentBytes(segment: NistSegment): number {
  let bytes = ARRAY_BYTES + 8 * segment.length;
  for (const tokens of segment) {
    bytes += ARRAY_BYTES + (8 + TOKEN_BYTES) * tokens.length;
    for (const t of tokens) bytes += 2 * t.length;
  }
  return bytes;
}

/**
 * Refuses statistics of `bytes` (estimated) over the limit.
 * @throws GramscoreError `LIMIT_EXCEEDED` naming the size, the segments and the limit.
 */
export function checkNistBytes(bytes: number, segments: number): void {
  const limit = memoryLimit.get();
  if (bytes <= limit) return;
  const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;
  throw new GramscoreError(
    ErrorCode.LIMIT_EXCEEDED,
    `NIST keeps the tokens of every segment (its weights come from the whole corpus), and ${segments} segments would take about ${mib(bytes)}, ` +
      `over its memory limit of ${mib(limit)}. Score a smaller corpus, or raise the limit with setNistMemoryLimit() in code.`,
    { details: { bytes, segments, limit } },
  );
}

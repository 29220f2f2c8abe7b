/**
 * Token boundaries without the token strings: what a scanner finds, for callers that intern tokens
 * straight from the source text (no substring per token) and for building the token arrays.
 */
export interface TokenSpans {
  /** The string the offsets index into: the input, or for 13a the input after its preprocessing. */
  source: string;
  /** Number of tokens found. */
  count: number;
  /** `starts[i]`: UTF-16 offset of token i in `source`. Longer than `count` (capacity). */
  starts: Int32Array;
  /** `ends[i]`: UTF-16 offset just past token i. */
  ends: Int32Array;
}

/** An empty, reusable {@link TokenSpans} with room for `capacity` tokens (it grows as needed). */
export function createTokenSpans(capacity = 64): TokenSpans {
  const n = Number.isFinite(capacity) && capacity >= 1 ? Math.min(Math.floor(capacity), 1 << 24) : 64;
  return { source: "", count: 0, starts: new Int32Array(n), ends: new Int32Array(n) };
}

/** Starts a new scan of `source` into `spans`. */
export function resetSpans(spans: TokenSpans, source: string): void {
  spans.source = source;
  spans.count = 0;
}

/** Doubles the capacity of `spans`, keeping its offsets. */
export function growSpans(spans: TokenSpans): void {
  const size = Math.max(16, spans.starts.length * 2);
  const starts = new Int32Array(size);
  const ends = new Int32Array(size);
  starts.set(spans.starts);
  ends.set(spans.ends);
  spans.starts = starts;
  spans.ends = ends;
}

/** Appends the token `[start, end)`. */
export function pushSpan(spans: TokenSpans, start: number, end: number): void {
  const n = spans.count;
  if (n === spans.starts.length) growSpans(spans);
  spans.starts[n] = start;
  spans.ends[n] = end;
  spans.count = n + 1;
}

/** The tokens of `spans` as strings. */
export function spansToTokens(spans: TokenSpans): string[] {
  const n = spans.count;
  const { source, starts, ends } = spans;
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = source.slice(starts[i]!, ends[i]!);
  return out;
}

import { ErrorCode, GramscoreError, describeValue } from "./errors.js";
import { assertText } from "./text.js";
import type { Segment } from "./types.js";

/**
 * True when `segment` has the shape {@link validateSegment} accepts: an object (not an array) with a
 * string `hyp` and a non-empty array of string `refs`. Lone surrogates are not looked for and no
 * message is built: for one-pass paths that check every record cheaply and call validateSegment only
 * to raise its error.
 */
export function hasSegmentShape(segment: unknown): segment is Segment {
  if (segment === null || typeof segment !== "object" || Array.isArray(segment)) return false;
  const { hyp, refs } = segment as { hyp?: unknown; refs?: unknown };
  if (typeof hyp !== "string" || !Array.isArray(refs) || refs.length === 0) return false;
  for (let r = 0; r < refs.length; r++) if (typeof refs[r] !== "string") return false;
  return true;
}

/**
 * The error `e` that segment `index` of a corpus raised, with the segment named: a `GramscoreError`
 * becomes the same error with `Segment <index>: ` before its message and `details.index`, anything
 * else is returned as it is. Metrics that read a corpus in one pass throw what this returns.
 */
export function atSegment(e: unknown, index: number): unknown {
  return e instanceof GramscoreError ? new GramscoreError(e.code, `Segment ${index}: ${e.message}`, { details: { index } }) : e;
}

/**
 * Checks one segment record (`{ hyp, refs }`) and returns it. `index` is its 0-based position, used
 * in error messages.
 * @throws GramscoreError `INVALID_TYPE`, `EMPTY_INPUT` (no reference) or `LONE_SURROGATE`.
 */
export function validateSegment(segment: unknown, index: number): Segment {
  if (segment === null || typeof segment !== "object" || Array.isArray(segment)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `Segment ${index} must be an object { hyp: string, refs: string[] }, but got ${describeValue(segment)}.`,
      { details: { index } },
    );
  }
  const { hyp, refs } = segment as { hyp?: unknown; refs?: unknown };
  assertText(hyp, `The hypothesis of segment ${index}`);
  if (!Array.isArray(refs)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `Segment ${index} must have refs: string[] (all references of that hypothesis), but got ${describeValue(refs)}. ` +
        "For one reference write refs: [reference].",
      { details: { index } },
    );
  }
  if (refs.length === 0) {
    throw new GramscoreError(
      ErrorCode.EMPTY_INPUT,
      `Segment ${index} has no reference; every hypothesis needs at least one. Drop the segment or supply its reference.`,
      { details: { index } },
    );
  }
  for (let r = 0; r < refs.length; r++) assertText(refs[r], `Reference ${r} of segment ${index}`);
  return segment as Segment;
}

/**
 * Builds segment records from sacrebleu's layout: a list of hypotheses and one *stream* per
 * reference (`refStreams[k][i]` is the k-th reference of hypothesis i). Lengths must agree (sacrebleu
 * silently truncates instead). `null`/`undefined` references are dropped, allowing a variable number
 * of references per segment.
 * @throws GramscoreError `LENGTH_MISMATCH` naming both counts, `EMPTY_INPUT`, `INVALID_TYPE`.
 */
export function toSegments(
  hyps: readonly string[],
  refStreams: readonly (readonly (string | null | undefined)[])[],
): Segment[] {
  if (!Array.isArray(hyps)) {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `Hypotheses must be an array of strings, but got ${describeValue(hyps)}.`);
  }
  if (!Array.isArray(refStreams) && refStreams !== null && refStreams !== undefined) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `The references must be an array of reference streams (refStreams[k][i] is the k-th reference of hypothesis i), but got ${describeValue(refStreams)}. ` +
        (typeof refStreams === "string" ? "For one hypothesis and one reference write ([hyp], [[ref]]); for many, ([hyps...], [refs])." : "Pass [refs] for one reference per hypothesis."),
    );
  }
  if (!Array.isArray(refStreams) || refStreams.length === 0) {
    throw new GramscoreError(
      ErrorCode.EMPTY_INPUT,
      "At least one reference stream is needed: pass [refs] for one reference per hypothesis, or [refsA, refsB] for two.",
    );
  }
  refStreams.forEach((stream, k) => {
    if (!Array.isArray(stream)) {
      const hint = typeof stream === "string" ? " It looks like a flat list of references: wrap it as [refs]." : "";
      throw new GramscoreError(
        ErrorCode.INVALID_TYPE,
        `Reference stream ${k} must be an array with one reference per hypothesis, but got ${describeValue(stream)}.${hint}`,
      );
    }
    if (stream.length !== hyps.length) {
      throw new GramscoreError(
        ErrorCode.LENGTH_MISMATCH,
        `Reference stream ${k} has ${stream.length} lines but there are ${hyps.length} hypotheses. ` +
          "Each reference stream must have exactly one reference per hypothesis (refs[k][i] is the k-th reference of hypothesis i).",
        { details: { hypotheses: hyps.length, references: stream.length, stream: k } },
      );
    }
  });
  const out: Segment[] = new Array(hyps.length);
  for (let i = 0; i < hyps.length; i++) {
    const refs: string[] = [];
    for (const stream of refStreams) {
      const r = stream[i];
      if (r !== null && r !== undefined) refs.push(r);
    }
    out[i] = validateSegment({ hyp: hyps[i], refs }, i);
  }
  return out;
}

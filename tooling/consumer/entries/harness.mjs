// Shared by the per-metric entries: runs a list of scorers over the input and writes every number
// as a string that is equal for two numbers exactly when their bits are (String() is round-trip exact
// for doubles; -0 is spelled out). Errors become their code, so both engines must also fail alike.

/** `{ hyps, refs }` (reference streams, padded with null) of a list of `{ hyp, refs }` segments. */
export function streams(segments) {
  const n = Math.max(1, ...segments.map((s) => s.refs.length));
  const refs = [];
  for (let k = 0; k < n; k++) refs.push(segments.map((s) => (k < s.refs.length ? s.refs[k] : null)));
  return { hyps: segments.map((s) => s.hyp), refs };
}

/** Every number inside `value`, in a fixed walk order, as exact strings. */
export function numbers(value, out = []) {
  if (typeof value === "number") out.push(Object.is(value, -0) ? "-0" : String(value));
  else if (Array.isArray(value) || ArrayBuffer.isView(value)) for (const v of value) numbers(v, out);
  else if (value !== null && typeof value === "object") for (const k of Object.keys(value).sort()) numbers(value[k], out);
  return out;
}

/** Runs `fn`, returning its numbers or `error:<code>`. */
export function attempt(fn) {
  try {
    return numbers(fn());
  } catch (e) {
    return [`error:${e && e.code ? e.code : String(e)}`];
  }
}

/**
 * Input: `{ cases: [{ id, segments }], segments: [{ hyp, refs }] }`. For each case, each corpus
 * configuration and each segment's sentence score; for the loose segments, sentence scores only.
 * Returns `{ [label]: string[] }`.
 */
export function runAll(input, corpusScorers, sentenceScorers) {
  const out = {};
  for (const c of input.cases) {
    const { hyps, refs } = streams(c.segments);
    for (const [name, fn] of Object.entries(corpusScorers)) out[`${c.id}/${name}`] = attempt(() => fn(hyps, refs));
    for (const [name, fn] of Object.entries(sentenceScorers)) {
      out[`${c.id}/${name}/segments`] = c.segments.flatMap((s) => attempt(() => fn(s.hyp, s.refs)));
    }
  }
  for (const [name, fn] of Object.entries(sentenceScorers)) {
    out[`data/${name}`] = input.segments.flatMap((s) => attempt(() => fn(s.hyp, s.refs)));
  }
  return out;
}

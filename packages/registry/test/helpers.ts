import { defineMetric, definePlugin, defineTokenizer, formatSignature, pySplit } from "@gramscore/core";
import type { MetricContext, Plugin, Tokenizer } from "@gramscore/core";

/** A whitespace tokenizer descriptor (`ws`, alias `none`). */
export const wsTokenizer = defineTokenizer({
  name: "ws",
  description: "Python str.split()",
  aliases: ["none"],
  options: [{ key: "lowercase", flag: "lowercase", type: "boolean", description: "lowercase first" }],
  create(options?: { lowercase?: boolean }): Tokenizer {
    const lc = options?.lowercase === true;
    return { name: "ws", signature: lc ? "ws+lc" : "ws", tokenize: (t) => pySplit(lc ? t.toLowerCase() : t) };
  },
});

/** A character tokenizer descriptor. */
export const charTokenizer = defineTokenizer({
  name: "chars",
  description: "one token per code point",
  create: (): Tokenizer => ({ name: "chars", signature: "chars", tokenize: (t) => Array.from(t).filter((c) => c !== " ") }),
});

/** Stats of the `overlap` test metric: [clipped matches, hypothesis tokens]. */
export type OverlapStats = [number, number];
/** Options of the `overlap` test metric. */
export interface OverlapOptions {
  tokenize?: string;
}

/** A tiny metric that resolves its tokenizer through the context: unigram precision. */
export const overlapMetric = defineMetric({
  name: "overlap",
  description: "unigram precision",
  options: [{ key: "tokenize", flag: "tokenize", type: "string", description: "tokenizer name", default: "ws" }],
  create(options: OverlapOptions | undefined, context?: MetricContext) {
    const name = options?.tokenize ?? "ws";
    if (!context) throw new Error("needs a context");
    const tok = context.tokenizer(name);
    return {
      name: "overlap",
      higherIsBetter: true,
      empty: (): OverlapStats => [0, 0],
      stats(hyp: string, refs: readonly string[]): OverlapStats {
        const h = tok.tokenize(hyp);
        const best = new Map<string, number>();
        for (const r of refs) {
          const c = new Map<string, number>();
          for (const t of tok.tokenize(r)) c.set(t, (c.get(t) ?? 0) + 1);
          for (const [t, n] of c) best.set(t, Math.max(best.get(t) ?? 0, n));
        }
        const seen = new Map<string, number>();
        let m = 0;
        for (const t of h) {
          const k = (seen.get(t) ?? 0) + 1;
          seen.set(t, k);
          if (k <= (best.get(t) ?? 0)) m++;
        }
        return [m, h.length];
      },
      merge: (a: OverlapStats, b: OverlapStats): OverlapStats => [a[0] + b[0], a[1] + b[1]],
      score: (s: OverlapStats) => ({ precision: s[1] === 0 ? 0 : s[0] / s[1] }),
      signature: () => formatSignature([["tok", tok.signature], ["version", "test"]]),
      summarize: (r: { precision: number }) => ({ precision: r.precision }),
    };
  },
});

/** A plugin with the tokenizers and the metric above. */
export const testPlugin: Plugin = definePlugin({
  name: "test-plugin",
  version: "1.0.0",
  tokenizers: [wsTokenizer, charTokenizer],
  metrics: [overlapMetric],
});

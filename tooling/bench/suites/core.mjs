// @gramscore/core numerics: throughput of the correctly rounded exp / log / pow and of glibcExp (what
// BLEU uses) beside the engine's Math.exp / Math.log / Math.pow, on 100,000 fixed arguments of the
// ranges BLEU meets: exp of [-30, 5] (log-precision means, brevity penalties), log of (0, 100]
// (precisions in percent), pow of integer bases 0..1000 to ROUGE-W's 1.2. One item = one call.
import { exp, glibcExp, log, pow } from "@gramscore/core";

/** Fixed pseudo-random numbers in [0, 1) (a 32-bit LCG), so every run sees the same arguments. */
function uniforms(n, seed) {
  const out = new Float64Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = s / 4294967296;
  }
  return out;
}

export default async function suite() {
  const n = 100_000;
  const u = uniforms(n, 14);
  const expArgs = u.map((v) => -30 + 35 * v);
  const logArgs = u.map((v) => 100 * (1 - v));
  const powArgs = u.map((v) => Math.floor(1001 * v));
  const input = "100,000 fixed arguments";
  let sink = 0;
  const over = (f, args) => () => {
    for (let i = 0; i < args.length; i++) sink += f(args[i]);
  };
  const cases = [
    ["core: exp (correctly rounded)", over(exp, expArgs)],
    ["core: glibcExp (glibc's bits)", over(glibcExp, expArgs)],
    ["core: Math.exp (engine)", over(Math.exp, expArgs)],
    ["core: log (correctly rounded)", over(log, logArgs)],
    ["core: Math.log (engine)", over(Math.log, logArgs)],
    ["core: pow(k, 1.2) (correctly rounded)", over((k) => pow(k, 1.2), powArgs)],
    ["core: Math.pow(k, 1.2) (engine)", over((k) => Math.pow(k, 1.2), powArgs)],
  ];
  return cases.map(([name, fn]) => ({ name, input, items: n, fn: () => { fn(); if (sink === 42) console.log(""); } }));
}

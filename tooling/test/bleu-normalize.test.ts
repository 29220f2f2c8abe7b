/**
 * BLEU after Whisper's normalizers (the `normalize` option): the same numbers as BLEU of text
 * normalized beforehand, with `norm:` in every signature; by name through a registry; refused with a
 * coded error when it is not a normalizer, and by the lean entry.
 */
import { describe, expect, it } from "vitest";
import { ErrorCode } from "@gramscore/core";
import bleuPlugin, { bleu, corpusBleu, createBleu, sentenceBleu } from "@gramscore/metric-bleu";
import type { BleuMetric } from "@gramscore/metric-bleu";
import * as lean from "@gramscore/metric-bleu/lean";
import whisperPlugin, { basicNormalize, englishNormalize, whisperBasic, whisperEnglish } from "@gramscore/normalizer-whisper";
import { createRegistry } from "@gramscore/registry";
import { SKIP_MESSAGE, hasShared, readDataset } from "../conformance/data.js";
import { codeOf, messageOf } from "./errors.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const HYPS = ["mister smith paid $20 for the color tv", "we are going to the theater at seven o'clock", "its 105% "];
const REFS = ["Mr. Smith paid twenty dollars for the colour TV.", "We're going to the theatre at 7 o'clock!", "It's one hundred and five percent"];

describe("BLEU's normalize option", () => {
  it("scores the normalized text and signs norm: before the version", () => {
    const a = bleu(HYPS, [REFS], { normalize: whisperEnglish });
    const b = bleu(HYPS.map(englishNormalize), [REFS.map(englishNormalize)]);
    expect(a.score).toBe(b.score);
    expect(a.precisions).toEqual(b.precisions);
    expect(a.score).toBeGreaterThan(bleu(HYPS, [REFS]).score);
    expect(a.signature).toBe(b.signature.replace("|version:", "|norm:whisper-en|version:"));
    const s = sentenceBleu(HYPS[0]!, [REFS[0]!], { normalize: whisperBasic });
    expect(s.score).toBe(sentenceBleu(basicNormalize(HYPS[0]!), [basicNormalize(REFS[0]!)]).score);
    expect(s.signature).toContain("|norm:whisper-basic|");
  });

  it("applies to the metric object: statistics, explain, pairwise and both signatures", () => {
    const m = createBleu({ normalize: whisperEnglish, lowercase: true });
    const plain = createBleu({ lowercase: true });
    const stats = m.stats(HYPS[1]!, [REFS[1]!]);
    expect(stats).toEqual(plain.stats(englishNormalize(HYPS[1]!), [englishNormalize(REFS[1]!)]));
    expect(m.signature(stats)).toContain("|case:lc|");
    expect(m.signature(stats)).toContain("|norm:whisper-en|version:");
    expect(m.shortSignature(stats)).toContain("|norm:whisper-en|v:");
    expect(m.explain(HYPS[0]!, [REFS[0]!]).result).toEqual(plain.explain(englishNormalize(HYPS[0]!), [englishNormalize(REFS[0]!)]).result);
    expect(Array.from(m.pairwise(HYPS, REFS))).toEqual(Array.from(plain.pairwise(HYPS.map(englishNormalize), REFS.map(englishNormalize))));
    expect(m.tokenize("Mr. Smith")).toEqual(["mister", "smith"]);
  });

  it("names a function custom and takes none as no normalizer", () => {
    expect(bleu(["A b"], [["a b"]], { normalize: (t) => t.toLowerCase() }).signature).toContain("|norm:custom|");
    expect(bleu(["a"], [["a"]], { normalize: "none" }).signature).not.toContain("norm:");
  });

  it("refuses what is not a normalizer, a name without a registry, and a normalizer that fails, with coded errors", () => {
    expect(codeOf(() => bleu(["a"], [["a"]], { normalize: 42 as never }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => bleu(["a"], [["a"]], { normalize: "whisper-en" }))).toBe(ErrorCode.INVALID_OPTION);
    expect(messageOf(() => bleu(["a"], [["a"]], { normalize: "whisper-en" }))).toContain('registry.metric("wer", { normalize: "whisper-en" })');
    expect(codeOf(() => bleu(["a"], [["a"]], { normalize: () => 1 as never }))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => createBleu({ normalize: { name: "x" } as never }))).toBe(ErrorCode.INVALID_OPTION);
  });

  it("is refused by the lean entry, which says where it is", () => {
    expect(codeOf(() => lean.bleu(["a"], [["a"]], { normalize: whisperEnglish }))).toBe(ErrorCode.INVALID_OPTION);
    expect(messageOf(() => lean.sentenceBleu("a", ["a"], { normalize: whisperEnglish }))).toContain("normalize first, or import @gramscore/metric-bleu");
    expect(lean.bleu(["a b c d"], [["a b c"]], { normalize: "none" })).toEqual(bleu(["a b c d"], [["a b c"]]));
  });

  it("is taken by name through a registry that has the normalizer's plugin", () => {
    const registry = createRegistry();
    registry.use(bleuPlugin);
    registry.use(whisperPlugin);
    const m = registry.create("metric", "bleu", { normalize: "whisper-en" }) as BleuMetric;
    const direct = createBleu({ normalize: whisperEnglish });
    const stats = m.corpusStats(HYPS.map((hyp, i) => ({ hyp, refs: [REFS[i]!] })));
    expect(m.score(stats, "corpus")).toEqual(direct.score(direct.corpusStats(HYPS.map((hyp, i) => ({ hyp, refs: [REFS[i]!] }))), "corpus"));
    expect(m.signature(stats)).toContain("|norm:whisper-en|");
    expect(codeOf(() => registry.create("metric", "bleu", { normalize: "whisper-eng" }))).not.toBeUndefined();
  });
});

describe.skipIf(!hasShared)("BLEU after Whisper's normalizers on SummEval (400 summaries)", () => {
  const records = hasShared ? readDataset("sum_summeval").slice(0, 400) : [];
  it("corpus BLEU with whisper-en and whisper-basic equals BLEU of the normalized text", () => {
    for (const [normalizer, fn] of [[whisperEnglish, englishNormalize], [whisperBasic, basicNormalize]] as const) {
      const a = corpusBleu(records, { normalize: normalizer });
      const b = corpusBleu(records.map((r) => ({ hyp: fn(r.hyp), refs: r.refs.map((x) => fn(x)) })));
      expect(a.score).toBe(b.score);
      expect([a.sysLen, a.refLen, a.counts]).toEqual([b.sysLen, b.refLen, b.counts]);
      expect(a.signature).toBe(b.signature.replace("|version:", `|norm:${normalizer.signature}|version:`));
    }
  });
});

/**
 * WER, CER and the other jiwer measures after Whisper's normalizers (the `normalize` option, core's
 * hook): the same numbers as the measure on text normalized beforehand (which metric-wer's conformance
 * test holds to jiwer 3.1.0), with `norm:` in every signature, on SummEval's English summaries.
 */
import { describe, expect, it } from "vitest";
import { ErrorCode, evaluate } from "@gramscore/core";
import werPlugin, { cer, createWerMetric, mer, sentenceWer, wer, wil, wip } from "@gramscore/metric-wer";
import { createRegistry } from "@gramscore/registry";
import { basicNormalize, englishNormalize, whisperBasic, whisperEnglish } from "@gramscore/normalizer-whisper";
import { SKIP_MESSAGE, hasShared, readDataset } from "../conformance/data.js";

if (!hasShared) console.log(SKIP_MESSAGE);

describe("WER after Whisper's normalizers", () => {
  it("scores normalized text: the leaderboard's convention makes spelled-out and written forms equal", () => {
    const hyps = ["mister smith paid $25.50 didn't he", "the color of the center was gray"];
    const refs = ["Mr. Smith paid twenty-five dollars and fifty cents, didn't he?", "The colour of the centre was, um, grey."];
    const plain = wer(hyps, [refs]);
    const normalized = wer(hyps, [refs], { normalize: whisperEnglish });
    expect(plain.score).toBeGreaterThan(0.5);
    expect(normalized.score).toBe(0);
    expect(normalized.signature).toBe(plain.signature.replace("|version:", "|norm:whisper-en|version:"));
    expect(sentenceWer(hyps[0]!, [refs[0]!], { normalize: whisperEnglish }).signature).toContain("|norm:whisper-en|");
  });
  it("names a function custom, refuses a name, and takes none as no normalizer", () => {
    expect(wer(["A"], [["a"]], { normalize: (t) => t.toLowerCase() }).signature).toContain("|norm:custom|");
    expect(wer(["A"], [["a"]], { normalize: "none" }).signature).not.toContain("norm:");
    let code: unknown;
    try {
      wer(["a"], [["a"]], { normalize: "whisper-en" as never });
    } catch (error) {
      code = (error as { code?: unknown }).code;
    }
    expect(code).toBe(ErrorCode.INVALID_OPTION);
  });
  it("is taken by a metric a registry creates, which keeps the metric's own members", () => {
    const registry = createRegistry();
    registry.use(werPlugin);
    const m = registry.create("metric", "wer", { normalize: whisperEnglish }) as ReturnType<typeof createWerMetric>;
    expect(m.signature()).toBe("measure:wer|tf:jiwer-default|norm:whisper-en|version:gramscore-0.1.0");
    expect(m.score(m.stats("two dogs", ["2 dogs"]), "segment").errorRate).toBe(0);
    expect([m.name, m.measure]).toEqual(["wer", "wer"]);
    expect(m.tokens("a b")).toEqual(["a", "b"]);
  });
  it("keeps the signature through statistics read back from JSON", () => {
    const m = createWerMetric("wer", { normalize: whisperEnglish });
    const stats = m.parseStats(JSON.parse(JSON.stringify(m.stats("two dogs", ["2 dogs"]))));
    expect(m.score(stats, "corpus").errorRate).toBe(0);
    expect(m.signature(stats)).toContain("|norm:whisper-en|");
    expect(m.format(m.score(stats, "corpus"))).toBe("WER = 0.0000");
  });
});

describe.skipIf(!hasShared)("WER after Whisper's normalizers on SummEval", () => {
  // The describe callback runs even when skipped: read the data only when it is there.
  const records = hasShared ? readDataset("sum_summeval") : [];
  const hyps = records.map((r) => r.hyp);
  const refs = records.map((r) => r.refs[0]!);
  it("every measure with whisper-en equals the measure on English-normalized text", () => {
    const nh = hyps.map(englishNormalize);
    const nr = refs.map(englishNormalize);
    for (const fn of [wer, cer, mer, wil, wip]) {
      const a = fn(hyps, [refs], { normalize: whisperEnglish });
      const b = fn(nh, [nr]);
      expect(a.score).toBe(b.score);
      expect([a.hits, a.substitutions, a.deletions, a.insertions]).toEqual([b.hits, b.substitutions, b.deletions, b.insertions]);
      expect(a.signature).toBe(b.signature.replace("|version:", "|norm:whisper-en|version:"));
    }
    expect(wer(hyps, [refs], { normalize: whisperEnglish }).score).toBeLessThan(wer(hyps, [refs]).score);
  });
  it("segment by segment with whisper-basic, through evaluate", () => {
    const segments = records.slice(0, 200).map((r) => ({ hyp: r.hyp, refs: [r.refs[0]!] }));
    const a = evaluate(createWerMetric("wer", { normalize: whisperBasic }), segments, { segments: true });
    const b = evaluate(createWerMetric("wer"), segments.map((s) => ({ hyp: basicNormalize(s.hyp), refs: s.refs.map((r) => basicNormalize(r)) })), { segments: true });
    expect(a.segments!.map((s) => s.score)).toEqual(b.segments!.map((s) => s.score));
    expect(a.corpus.score).toBe(b.corpus.score);
  });
});

/**
 * ROUGE after Whisper's normalizers (the `normalize` option, core's hook): the same numbers as ROUGE on
 * text normalized beforehand (which metric-rouge's conformance test holds to rouge-score), with `norm:`
 * in every signature, on SummEval's English summaries, and by name through a registry.
 */
import { describe, expect, it } from "vitest";
import { ErrorCode, evaluate } from "@gramscore/core";
import rougePlugin, { createRouge, rouge } from "@gramscore/metric-rouge";
import whisperPlugin, { basicNormalize, englishNormalize, whisperBasic, whisperEnglish } from "@gramscore/normalizer-whisper";
import { createRegistry } from "@gramscore/registry";
import { SKIP_MESSAGE, hasShared, readDataset } from "../conformance/data.js";

if (!hasShared) console.log(SKIP_MESSAGE);

describe("ROUGE after Whisper's normalizers", () => {
  it("scores normalized text: spelled-out numbers, titles and British spellings meet their written forms", () => {
    const hyps = ["mister smith paid $20 for the color tv"];
    const refs = [["Mr. Smith paid twenty dollars for the colour TV."]];
    const plain = rouge(hyps, refs);
    const normalized = rouge(hyps, refs, { normalize: whisperEnglish });
    expect(plain.rouge1!.fmeasure).toBeLessThan(1);
    expect(normalized.rouge1!.fmeasure).toBe(1);
    expect(normalized.signature).toBe(plain.signature.replace("|version:", "|norm:whisper-en|version:"));
  });

  it("is created by name through a registry with the normalizer's plugin", () => {
    const registry = createRegistry();
    registry.use(rougePlugin);
    registry.use(whisperPlugin);
    const m = registry.metric("rouge", { normalize: "whisper-en" });
    expect(m.signature()).toContain("|norm:whisper-en|");
    expect(m.score(m.stats("two dogs", ["2 dogs"]), "segment").rouge1!.fmeasure).toBe(1);
    const m155 = registry.metric("rouge155", { normalize: "whisper-basic" });
    expect(m155.signature()).toContain("|norm:whisper-basic|");
    let code: unknown;
    try {
      registry.metric("rouge", { normalize: "whisper-eng" });
    } catch (error) {
      code = (error as { code?: unknown }).code;
    }
    expect(code).toBe(ErrorCode.INVALID_OPTION);
  });
});

describe.skipIf(!hasShared)("ROUGE after Whisper's normalizers on SummEval", () => {
  // The describe callback runs even when skipped: read the data only when it is there.
  const records = hasShared ? readDataset("sum_summeval") : [];
  const segments = records.map((r) => ({ hyp: r.hyp, refs: r.refs.filter((x): x is string => x !== null) }));
  it("whisper-en: every segment and the corpus equal ROUGE of English-normalized text", () => {
    const normalized = segments.map((s) => ({ hyp: englishNormalize(s.hyp), refs: s.refs.map(englishNormalize) }));
    const a = evaluate(createRouge({ normalize: whisperEnglish, stemmer: "porter" }), segments, { segments: true });
    const b = evaluate(createRouge({ stemmer: "porter" }), normalized, { segments: true });
    expect(a.corpus).toEqual(b.corpus);
    expect(a.segments!.map((s) => s.result)).toEqual(b.segments!.map((s) => s.result));
    expect(a.signature).toBe(b.signature.replace("|version:", "|norm:whisper-en|version:"));
    // On these summaries the normalizer changes scores (numbers, spellings, line breaks for rougeLsum).
    expect(a.corpus.rouge2!.fmeasure).not.toBe(evaluate(createRouge({ stemmer: "porter" }), segments).corpus.rouge2!.fmeasure);
  });
  it("whisper-basic, ROUGE-1.5.5 mode", () => {
    const some = segments.slice(0, 200);
    const a = evaluate(createRouge({ mode: "rouge155", normalize: whisperBasic }), some);
    const b = evaluate(createRouge({ mode: "rouge155" }), some.map((s) => ({ hyp: basicNormalize(s.hyp), refs: s.refs.map((r) => basicNormalize(r)) })));
    expect(a.corpus).toEqual(b.corpus);
    expect(a.signature).toContain("|norm:whisper-basic|");
  });
});

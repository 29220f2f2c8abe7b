import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cer, wer } from "@gramscore/metric-wer";
import { whisperEnglish, whisperBasic } from "@gramscore/normalizer-whisper";
import { SKIP_MESSAGE, hasShared, readDataset } from "../../../tooling/conformance/data.js";
import { assertBuilt, cli, inProcess, tempDir } from "./helpers.js";

if (!hasShared) console.log(SKIP_MESSAGE);
assertBuilt();

interface Doc {
  metrics: { name: string; signature: string; options: Record<string, unknown>; systems: { corpus: { score: number; signature: string } }[] }[];
}

/** Writes hypotheses and references to files and returns their paths. */
function files(hyps: readonly string[], refs: readonly string[]): { hyp: string; ref: string } {
  const dir = tempDir("gramscore-normalize-");
  const hyp = join(dir, "hyp.txt");
  const ref = join(dir, "ref.txt");
  writeFileSync(hyp, `${hyps.join("\n")}\n`);
  writeFileSync(ref, `${refs.join("\n")}\n`);
  return { hyp, ref };
}

// Spelled-out numbers, currencies, contractions, British spellings and punctuation: the English
// normalizer makes most of these pairs agree.
const REFS = ["Mr. Smith paid twenty dollars for the colour TV.", "We're going to the theatre at 7 o'clock!", "It's one hundred and five percent", "(applause) Thank you."];
const HYPS = ["mister smith paid $20 for the color tv", "we are going to the theater at seven o'clock", "its 105% ", "thank you"];

describe("--normalize", () => {
  it("WER and CER with --normalize whisper-en equal the library's with whisperEnglish, signed norm:whisper-en", async () => {
    const { hyp, ref } = files(HYPS, REFS);
    const r = await cli(["score", "-m", "wer,cer", "--normalize", "whisper-en", ref, "-i", hyp, "-f", "json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    const refs = REFS;
    const hyps = HYPS.map((h) => h.trimEnd());
    const expected = [wer(hyps, [refs], { normalize: whisperEnglish }), cer(hyps, [refs], { normalize: whisperEnglish })];
    expect(doc.metrics.map((m) => m.systems[0]!.corpus)).toEqual(expected);
    for (const m of doc.metrics) {
      expect(m.options).toEqual({ normalize: "whisper-en" });
      expect(m.signature).toContain("|norm:whisper-en|version:");
    }
    // The normalizer matters here: without it, the scores differ.
    expect(wer(hyps, [refs]).score).not.toBe(expected[0]!.score);
  });

  it("takes whisper-basic, and refuses an unknown name with the registered ones", async () => {
    const { hyp, ref } = files(HYPS, REFS);
    const basic = await inProcess(["score", "-m", "wer", "--normalize", "whisper-basic", ref, "-i", hyp, "-f", "json"]);
    expect(basic.code).toBe(0);
    const doc = JSON.parse(basic.stdout) as Doc;
    expect(doc.metrics[0]!.systems[0]!.corpus).toEqual(wer(HYPS.map((h) => h.trimEnd()), [REFS], { normalize: whisperBasic }));
    const bad = await inProcess(["score", "-m", "wer", "--normalize", "whisper-eng", ref, "-i", hyp]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('Unknown normalizer "whisper-eng"');
    expect(bad.stderr).toContain('Did you mean "whisper-en"?');
  });

  it("gramscore list shows the normalizers", async () => {
    const text = await inProcess(["list"]);
    expect(text.code).toBe(0);
    const section = text.stdout.slice(text.stdout.indexOf("Normalizers"), text.stdout.indexOf("Plugins"));
    expect(section).toMatch(/^ {2}whisper-en {2}\[@gramscore\/normalizer-whisper\]$/m);
    expect(section).toMatch(/^ {2}whisper-basic\+remove-diacritics\+split-letters {2}/m);
    const doc = JSON.parse((await inProcess(["list", "-f", "json"])).stdout) as { normalizers: { name: string; signature: string; plugin: string }[] };
    expect(doc.normalizers.map((n) => n.name)).toEqual([
      "whisper-en",
      "whisper-basic",
      "whisper-basic+remove-diacritics",
      "whisper-basic+split-letters",
      "whisper-basic+remove-diacritics+split-letters",
    ]);
  });

  it.skipIf(!hasShared)("robust_public (every system's lines as one file): -m wer --normalize whisper-en equals the library", async () => {
    // Lines as the CLI reads them: one per line, no trailing whitespace to strip.
    const mine = readDataset("robust_public").filter((x) => [x.hyp, x.refs[0]!].every((t) => !/[\n\r\u2028\u2029\u0085\v\f\u001c-\u001e]/u.test(t) && t === t.trimEnd()));
    expect(mine.length).toBeGreaterThan(500);
    const hyps = mine.map((x) => x.hyp);
    const refs = mine.map((x) => x.refs[0]!);
    const { hyp, ref } = files(hyps, refs);
    const r = await cli(["score", "-m", "wer", "--normalize", "whisper-en", ref, "-i", hyp, "-f", "json"]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    expect(doc.metrics[0]!.systems[0]!.corpus).toEqual(wer(hyps, [refs], { normalize: whisperEnglish }));
    expect(doc.metrics[0]!.signature).toContain("norm:whisper-en");
  });
});

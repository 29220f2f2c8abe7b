// BLEU's --normalize: the CLI scores what the library scores with the normalizer, signed norm:.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bleu } from "@gramscore/metric-bleu";
import { whisperEnglish } from "@gramscore/normalizer-whisper";
import { assertBuilt, inProcess, tempDir } from "./helpers.js";

assertBuilt();

const REFS = ["Mr. Smith paid twenty dollars for the colour TV.", "We're going to the theatre at 7 o'clock!", "It's one hundred and five percent"];
const HYPS = ["mister smith paid $20 for the color tv", "we are going to the theater at seven o'clock", "its 105%"];

interface Doc {
  metrics: { metric: string; signature: string; options: Record<string, unknown>; systems: { corpus: { score: number; signature: string } }[] }[];
}

describe("bleu --normalize", () => {
  it("equals the library's BLEU with whisperEnglish, signed norm:whisper-en, beside WER with the same flag", async () => {
    const dir = tempDir("gramscore-bleu-normalize-");
    const hyp = join(dir, "hyp.txt");
    const ref = join(dir, "ref.txt");
    writeFileSync(hyp, `${HYPS.join("\n")}\n`);
    writeFileSync(ref, `${REFS.join("\n")}\n`);
    const r = await inProcess(["score", "-m", "bleu,wer", "--normalize", "whisper-en", ref, "-i", hyp, "-f", "json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    const m = doc.metrics.find((x) => x.metric === "bleu")!;
    const expected = bleu(HYPS, [REFS], { normalize: whisperEnglish });
    expect(m.systems[0]!.corpus.score).toBe(expected.score);
    expect(m.signature).toContain("|norm:whisper-en|version:");
    expect(m.options).toMatchObject({ normalize: "whisper-en" });
    expect(expected.score).not.toBe(bleu(HYPS, [REFS]).score);
    expect(doc.metrics.find((x) => x.metric === "wer")!.signature).toContain("|norm:whisper-en|");
  });
});

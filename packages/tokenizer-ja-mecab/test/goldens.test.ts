import { describe, expect, it } from "vitest";
import { SKIP_MESSAGE, hasShared, readJsonl } from "../../../tooling/conformance/data.js";
import { tokenizeJaMecab } from "../src/index.js";

if (!hasShared) console.log(SKIP_MESSAGE);

interface MecabRecord {
  dataset: string;
  line: number;
  field: string;
  text: string;
  tokens: string;
}

describe.skipIf(!hasShared)("MeCab 0.996 -Owakati with IPADIC 2.7.0-20070801 (mecab/ja-mecab.tokens.jsonl.gz)", () => {
  it("gives MeCab's tokens for every one of the 25,827 strings", () => {
    const records = readJsonl<MecabRecord>("mecab/ja-mecab.tokens.jsonl.gz");
    expect(records.length).toBe(25827);
    const mismatches: string[] = [];
    for (const rec of records) {
      const got = tokenizeJaMecab(rec.text);
      if (got !== rec.tokens) mismatches.push(`${rec.dataset} line ${rec.line} ${rec.field}\n  text ${JSON.stringify(rec.text)}\n  want ${rec.tokens}\n  got  ${got}`);
    }
    expect(mismatches.slice(0, 20).join("\n"), `${mismatches.length} of ${records.length} differ`).toBe("");
  });
});

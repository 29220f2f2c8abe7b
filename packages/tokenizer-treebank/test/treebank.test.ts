import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { isGramscoreError } from "@gramscore/core";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../tooling/conformance/data.js";
import { createTreebank, treebankTokenize } from "../src/index.js";

describe("treebank tokenizer", () => {
  it("splits as NLTK's NLTKWordTokenizer (its docstring example)", () => {
    const s = "Good muffins cost $3.88 (roughly 3,36 euros)\nin New York.  Please buy me\ntwo of them.\nThanks.";
    expect(treebankTokenize(s)).toEqual(
      ["Good", "muffins", "cost", "$", "3.88", "(", "roughly", "3,36", "euros", ")", "in", "New", "York.", "Please", "buy", "me", "two", "of", "them.", "Thanks", "."],
    );
    expect(createTreebank({ convertParentheses: true }).tokenize(s)[5]).toBe("-LRB-");
    expect(treebankTokenize("They'll pay $3.88, won't they?")).toEqual(["They", "'ll", "pay", "$", "3.88", ",", "wo", "n't", "they", "?"]);
    expect(treebankTokenize('He said "cannot" -- gonna go.')).toEqual(["He", "said", "``", "can", "not", "''", "--", "gon", "na", "go", "."]);
    expect(treebankTokenize("")).toEqual([]);
  });

  it("refuses bad input with coded errors", () => {
    for (const f of [() => treebankTokenize(1 as unknown as string), () => createTreebank({ nope: 1 } as never)]) {
      try {
        f();
        expect.unreachable();
      } catch (e) {
        expect(isGramscoreError(e)).toBe(true);
      }
    }
  });

  it("equals NLTK 3.8 on the conformance strings (tooling/references/treebank)", () => {
    const text = gunzipSync(readFileSync(join(repoRoot, "tooling/references/treebank/tokens.jsonl.gz"))).toString("utf8");
    let n = 0;
    const wrong: string[] = [];
    for (const line of text.split("\n")) {
      if (line.length === 0) continue;
      const [input, tokens] = JSON.parse(line) as [string, string];
      const got = treebankTokenize(input).join(" ");
      if (got !== tokens && wrong.length < 5) wrong.push(`${JSON.stringify(input)}\n  got  ${got}\n  want ${tokens}`);
      n++;
    }
    console.log(`treebank: ${n} strings compared with NLTK 3.8's NLTKWordTokenizer`);
    expect(wrong).toEqual([]);
    expect(n).toBeGreaterThan(10000);
  });
});

/**
 * CIDEr-D and the original CIDEr through the command line: `-m cider,cider-original` on JSONL records
 * (`{"hyp": ..., "refs": [...]}` per image), their flags, and `stats` / `merge` of shards (CIDEr's
 * statistics carry the tokens, so merged shards score the whole corpus). The numbers are those
 * pycocoevalcap v1.2 printed for these captions after Stanford PTBTokenizer 3.4.1 (see
 * packages/metric-cider's tests).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, cli } from "./helpers.js";
import { expectShardsMergeToOnePass } from "./equivalence.js";

beforeAll(() => {
  assertBuilt();
});

const records = [
  { hyp: "A man riding a motorcycle on a dirt road.", refs: ["A man with a red helmet on a small moped on a dirt road.", "Man riding a motor bike on a dirt road on the countryside."] },
  { hyp: "A child eating a birthday cake with candles.", refs: ["A young girl is preparing to blow out her candle.", "A little girl is getting ready to blow out a candle on a small dessert."] },
  { hyp: "A train traveling down tracks next to a platform.", refs: ["A man on a bicycle riding next to a train", "A man riding a bike past a train traveling along tracks."] },
];
const jsonl = records.map((r) => JSON.stringify(r)).join("\n") + "\n";

interface JsonReport {
  metrics: { metric: string; signature: string; systems: { count: number; text: string; corpus: { score: number; scores: number[] } }[] }[];
}

describe.concurrent("gramscore with cider and cider-original", () => {
  it("score -m cider,cider-original on JSONL gives pycocoevalcap's numbers", async () => {
    const r = await cli(["score", "-m", "cider,cider-original", "-f", "json"], { stdin: jsonl });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as JsonReport;
    const d = report.metrics.find((m) => m.metric === "cider")!;
    expect(d.signature).toBe("cider:D|n:4|sigma:6|df:corpus|tok:coco-ptb|version:gramscore-0.1.0");
    expect(d.systems[0]!.corpus.score).toBe(1.6064907709040461);
    expect(d.systems[0]!.corpus.scores).toEqual([2.509836207271544, 0, 2.309636105440594]);
    expect(d.systems[0]!.text).toBe("CIDEr-D = 1.606");
    const o = report.metrics.find((m) => m.metric === "cider-original")!;
    expect(o.systems[0]!.corpus.score).toBe(1.8413726751372288);
  });

  it("takes --tokenize, --ngram-order and --sigma, and names them in the signature", async () => {
    const r = await cli(["score", "-m", "cider", "--tokenize", "none", "--ngram-order", "3", "--sigma", "5", "-f", "json"], { stdin: jsonl });
    expect(r.code).toBe(0);
    const d = (JSON.parse(r.stdout) as JsonReport).metrics[0]!;
    expect(d.signature).toBe("cider:D|n:3|sigma:5|df:corpus|tok:none|version:gramscore-0.1.0");
  });

  it("refuses a record without references, saying what it expected (non-zero exit)", async () => {
    const r = await cli(["score", "-m", "cider"], { stdin: `${JSON.stringify({ hyp: "a dog", refs: [] })}\n` });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/reference/i);
  });

  it("stats of two shards merge into the whole corpus's score", async () => {
    await expectShardsMergeToOnePass("cider,cider-original");
  });
});

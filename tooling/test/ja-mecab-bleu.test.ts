/**
 * sacrebleu 2.6.0 BLEU with tokenize='ja-mecab' (expected/*\/bleu-ja-mecab.*): BLEU resolves the name
 * through a registry that has @gramscore/tokenizer-ja-mecab's plugin, and every system's corpus result
 * and every line's sentence result equal sacrebleu's (statistics exactly, floats to the last bit, as
 * the other BLEU conformance tests).
 */
import { describe, expect, it } from "vitest";
import { createBleu, formatBleu } from "@gramscore/metric-bleu";
import type { BleuStats } from "@gramscore/metric-bleu";
import { createRegistry } from "@gramscore/registry";
import { plugin as jaMecab } from "@gramscore/tokenizer-ja-mecab";
import { SKIP_MESSAGE, hasShared, readDataset } from "../conformance/data.js";
import { Mismatches, checkSegment, readCorpus, readSegments, toBleuOptions, withoutVersion } from "../../packages/metric-bleu/test/expected.js";
import type { SacrebleuSegment } from "../../packages/metric-bleu/test/expected.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const DATASETS = ["mt_wmt22_generaltest2022_en-ja", "mt_sacrebleu_examples_en-ja_en-ko"];

describe.skipIf(!hasShared)("sacrebleu 2.6.0 BLEU with ja-mecab (expected/*/bleu-ja-mecab.*)", () => {
  const context = createRegistry().use(jaMecab).context;

  it("BLEU names the tokenizer as sacrebleu does", () => {
    expect(createBleu({ tokenize: "ja-mecab" }, context).signature()).toContain("|tok:ja-mecab-0.996-IPA|");
  });

  for (const dataset of DATASETS) {
    it(`${dataset}: corpus and segment results equal sacrebleu's`, () => {
      const lines = readDataset(dataset);
      const expected = readCorpus(dataset, "bleu-ja-mecab");
      const options = toBleuOptions(expected.options);
      const perLine = readSegments<SacrebleuSegment | null>(dataset, "bleu-ja-mecab")!;
      const m = new Mismatches();
      let segments = 0;
      for (const sys of expected.systems) {
        const metric = createBleu(options, context);
        const stats: BleuStats[] = [];
        for (let i = sys.first_line; i <= sys.last_line; i++) stats.push(metric.stats(lines[i]!.hyp, lines[i]!.refs));
        const where = () => `${dataset} ${sys.system}`;
        const total = stats.reduce((a, b) => metric.merge(a, b), metric.empty());
        const raw = sys.corpus.raw_stats;
        m.equal([total.sysLen, total.refLen], [raw.sys_len, raw.ref_len], () => `${where()} lengths`);
        m.equal(total.matches, raw.matches, () => `${where()} matches`);
        m.equal(total.totals, raw.totals, () => `${where()} totals`);
        const r = metric.score(total, "corpus");
        m.same(r.score, sys.corpus.score, () => `${where()} score`);
        m.same(r.bp, sys.corpus.bp, () => `${where()} bp`);
        m.allSame(r.precisions, sys.corpus.precisions, () => `${where()} precisions`);
        m.same(r.ratio, sys.corpus.ratio, () => `${where()} ratio`);
        m.check(formatBleu(r) === sys.corpus.str, () => `${where()} str "${formatBleu(r)}" vs "${sys.corpus.str}"`);
        m.check(withoutVersion(metric.signature()) === withoutVersion(sys.signature), () => `${where()} signature ${metric.signature()}`);
        m.check(withoutVersion(metric.shortSignature()) === withoutVersion(sys.signature_short), () => `${where()} short ${metric.shortSignature()}`);
        for (let i = sys.first_line; i <= sys.last_line; i++) {
          const e = perLine[i]!;
          const s = stats[i - sys.first_line]!;
          const at = () => `${dataset} line ${i}`;
          checkSegment(m, metric, s, e, at);
          segments++;
        }
      }
      console.log(`${dataset} ja-mecab: ${expected.systems.length} systems, ${segments} segments (${m.compared} checks; ${m.identical} of ${m.floats} floats identical, largest difference ${m.maxDelta.toExponential(2)})`);
      expect(m.report()).toEqual({ count: 0, first: [] });
    });
  }
});

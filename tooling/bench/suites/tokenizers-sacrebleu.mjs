// @gramscore/tokenizer-sacrebleu and @gramscore/tokenizer-whitespace: tokenization throughput over
// every hypothesis and reference of WMT17 en-de (16 systems x 3004 segments, 1 reference), plus
// zh / cjk on WMT22 en-zh. One item = one segment: its hypothesis and every reference tokenized.
// "13a regex pipeline" is sacrebleu's chain of substitutions written with JavaScript regexes, the
// baseline the one-pass scanner replaces. "cached refs" tokenizes the references with a cached
// tokenizer created inside each run (one pass with an empty cache; each reference repeats once per
// system) and the hypotheses, which are all distinct, without. "spans" finds the token offsets
// without creating the token strings.
import { pySplit } from "@gramscore/core";
import { createSacrebleuTokenizer, createTokenSpans } from "@gramscore/tokenizer-sacrebleu";
import { createWhitespace } from "@gramscore/tokenizer-whitespace";
import { bytesOf, dataset } from "../inputs.mjs";

function regexPipeline13a(line) {
  line = line.replaceAll("<skipped>", "").replaceAll("-\n", "").replaceAll("\n", " ");
  if (line.includes("&")) line = line.replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
  line = ` ${line} `;
  line = line.replace(/([\x7B-\x7E\x5B-\x60\x20-\x26\x28-\x2B\x3A-\x40\x2F])/g, " $1 ");
  line = line.replace(/([^0-9])([.,])/g, "$1 $2 ");
  line = line.replace(/([.,])([^0-9])/g, " $1 $2");
  line = line.replace(/([0-9])(-)/g, "$1 $2 ");
  return pySplit(line);
}

function run(records, make, makeRefs = make) {
  return () => {
    const tok = make();
    const refTok = makeRefs === make ? tok : makeRefs();
    let n = 0;
    for (const r of records) {
      n += tok.tokenize(r.hyp).length;
      for (const ref of r.refs) n += refTok.tokenize(ref).length;
    }
    return n;
  };
}

function runSpans(records, tok) {
  const spans = createTokenSpans();
  return () => {
    let n = 0;
    for (const r of records) {
      n += tok.spans(r.hyp, spans).count;
      for (const ref of r.refs) n += tok.spans(ref, spans).count;
    }
    return n;
  };
}

export default async function suite() {
  const wmt17 = dataset("mt_wmt17_newstest2017_en-de");
  const zh = dataset("mt_wmt22_generaltest2022_en-zh");
  const shared = Object.fromEntries(["13a", "intl", "zh", "char", "cjk"].map((n) => [n, createSacrebleuTokenizer(n)]));
  const none = createWhitespace();
  const noneLc = createWhitespace({ lowercase: true });
  const plan = [
    ["wmt17-en-de", wmt17, "13a", () => shared["13a"]],
    ["wmt17-en-de", wmt17, "13a cached refs", () => shared["13a"], () => createSacrebleuTokenizer("13a", { cacheSize: 100_000 })],
    ["wmt17-en-de", wmt17, "13a regex pipeline", () => ({ tokenize: regexPipeline13a })],
    ["wmt17-en-de", wmt17, "intl", () => shared.intl],
    ["wmt17-en-de", wmt17, "zh", () => shared.zh],
    ["wmt17-en-de", wmt17, "char", () => shared.char],
    ["wmt17-en-de", wmt17, "cjk", () => shared.cjk],
    ["wmt17-en-de", wmt17, "none", () => none],
    ["wmt17-en-de", wmt17, "none+lc", () => noneLc],
    ["wmt22-en-zh", zh, "zh", () => shared.zh],
    ["wmt22-en-zh", zh, "cjk", () => shared.cjk],
  ];
  const cases = [];
  for (const [input, records, name, make, makeRefs] of plan) {
    cases.push({ name: `tokenizer ${name} ${input}`, input, items: records.length, bytes: bytesOf(records), fn: run(records, make, makeRefs) });
  }
  cases.push({
    name: "tokenizer 13a spans wmt17-en-de",
    input: "wmt17-en-de",
    items: wmt17.length,
    bytes: bytesOf(wmt17),
    fn: runSpans(wmt17, shared["13a"]),
  });
  return cases;
}

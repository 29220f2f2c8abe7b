// The rouge, rouge-unicode and rouge155 tokenizers (@gramscore/metric-rouge) and the punctuation
// tokenizer (@gramscore/tokenizer-punctuation): throughput over WMT17 en-de and CNN/DailyMail. One
// item = one segment: its hypothesis and every reference tokenized. Stemming tokenizers are created inside each run, so every run starts with an
// empty stem cache, as one pass over a corpus does.
import { createRouge155Tokenizer, createRougeTokenizer, createRougeUnicodeTokenizer } from "@gramscore/metric-rouge";
import { createPunctuationTokenizer } from "@gramscore/tokenizer-punctuation";
import { bytesOf, dataset } from "../inputs.mjs";

function run(records, make) {
  return () => {
    const tok = make();
    let n = 0;
    for (const r of records) {
      n += tok.tokenize(r.hyp).length;
      for (const ref of r.refs) n += tok.tokenize(ref).length;
    }
    return n;
  };
}

export default async function suite() {
  const inputs = [
    ["wmt17-en-de", dataset("mt_wmt17_newstest2017_en-de")],
    ["cnndm", dataset("sum_cnndm_ptrgen_public")],
  ];
  const tokenizers = [
    ["rouge", () => createRougeTokenizer()],
    ["rouge+stem", () => createRougeTokenizer({ useStemmer: true })],
    ["rouge-unicode", () => createRougeUnicodeTokenizer()],
    ["rouge155+stem", () => createRouge155Tokenizer({ useStemmer: true })],
    ["punctuation", () => createPunctuationTokenizer()],
  ];
  const cases = [];
  for (const [input, records] of inputs) {
    const bytes = bytesOf(records);
    for (const [name, make] of tokenizers) {
      cases.push({ name: `tokenizer ${name} ${input}`, input, items: records.length, bytes, fn: run(records, make) });
    }
  }
  return cases;
}

// @gramscore/tokenizer-ja-mecab: MeCab's lattice over IPADIC on every hypothesis and reference of WMT22
// en-ja (13 systems x 2037 segments, 1 reference). One item = one segment: its hypothesis and its
// reference tokenized as sacrebleu's ja-mecab does. The dictionary is read in the warm-up.
import { createJaMecab } from "@gramscore/tokenizer-ja-mecab";
import { bytesOf, dataset } from "../inputs.mjs";

export default async function suite() {
  const records = dataset("mt_wmt22_generaltest2022_en-ja");
  const tok = createJaMecab();
  return [
    {
      name: "tokenizer ja-mecab wmt22-en-ja",
      input: "wmt22-en-ja",
      items: records.length,
      bytes: bytesOf(records),
      versus: "mecab-wakati-wmt22-en-ja",
      fn: () => {
        let n = 0;
        for (const r of records) {
          n += tok.tokenize(r.hyp.trimEnd()).length;
          for (const ref of r.refs) n += tok.tokenize(ref.trimEnd()).length;
        }
        return n;
      },
    },
  ];
}

#!/usr/bin/python3
"""Token lists of NLTK 3.8's NLTKWordTokenizer (the Treebank tokenizer of word_tokenize) on the
conformance data, for @gramscore/tokenizer-treebank's tests.

    /usr/bin/python3 tooling/references/treebank/generate.py [../shared]

Writes tokens.jsonl.gz beside this script: one line per distinct input string, in order of first
appearance, `[text, tokens joined by " "]`, over: every line of robust_public, the first
3004 lines of WMT17 en-de (one system), the first 2037 lines of WMT22 en-de (one system, 2
references), the first 400 lines of SummEval; hypotheses and references.
"""
import gzip
import json
import os
import sys

from nltk.tokenize.destructive import NLTKWordTokenizer

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "..", "..", "shared")
SETS = [("robust_public", None), ("mt_wmt17_newstest2017_en-de", 3004), ("mt_wmt22_generaltest2022_en-de", 2037), ("sum_summeval", 400)]


def main():
    tok = NLTKWordTokenizer()
    seen = set()
    rows = []
    for name, limit in SETS:
        with gzip.open(os.path.join(SHARED, "conformance", "data", name + ".jsonl.gz"), "rt", encoding="utf-8") as f:
            for i, line in enumerate(f):
                if limit is not None and i >= limit:
                    break
                rec = json.loads(line)
                for text in [rec["hyp"]] + rec["refs"]:
                    if text in seen:
                        continue
                    seen.add(text)
                    tokens = tok.tokenize(text)
                    rows.append(json.dumps([text, " ".join(tokens)], ensure_ascii=False))
    with gzip.GzipFile(os.path.join(HERE, "tokens.jsonl.gz"), "wb", mtime=0) as f:
        f.write(("\n".join(rows) + "\n").encode("utf-8"))
    print("%d strings" % len(rows))


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Reference values of NLTK 3.8's METEOR on the conformance data.

Run with Debian's Python (python3-nltk 3.8, wordnet-base):

    /usr/bin/python3 tooling/references/meteor/generate.py [../shared]

WordNet 3.0 is read from /usr/share/wordnet (copied to a temporary folder together with the `lexnames`
file of ../shared/conformance/wordnet, which Debian's package lacks).

Writes, beside this script, one `<dataset>.jsonl.gz` per dataset: line i is data line i,
`{"nltk": score, "tb": score}`, where
  nltk = nltk.translate.meteor_score.meteor_score([r.split() for r in refs], hyp.split(), wordnet=wn)
  tb   = the same on NLTKWordTokenizer().tokenize(text) tokens (what nltk.word_tokenize does with
         preserve_line=True; HF evaluate's `meteor` additionally splits sentences with Punkt first,
         whose model is not installed here),
every float written with repr (shortest round trip). Then one `corpus.json` with, per dataset and
system, the line count and the means of both scores: `fsum` = math.fsum(scores) / n (exact) and
`np` = numpy.mean(scores) (what HF evaluate reports).

SummEval is scored on a deterministic subset: its first 400 lines (25 documents x 16 systems).
"""
import gzip
import json
import math
import os
import shutil
import sys
import tempfile
import time

import numpy
from nltk.corpus.reader.wordnet import WordNetCorpusReader
from nltk.tokenize.destructive import NLTKWordTokenizer
from nltk.translate.meteor_score import meteor_score

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "..", "..", "shared")
CONF = os.path.join(SHARED, "conformance")

DATASETS = [
    ("mt_wmt17_newstest2017_en-de", None),
    ("mt_wmt22_generaltest2022_en-de", None),
    ("sum_summeval", 400),
    ("robust_public", None),
]


def load_wordnet():
    folder = tempfile.mkdtemp(prefix="wordnet-")
    for name in os.listdir("/usr/share/wordnet"):
        src = os.path.join("/usr/share/wordnet", name)
        if os.path.isfile(src):
            shutil.copy(src, folder)
    shutil.copy(os.path.join(CONF, "wordnet", "lexnames"), folder)
    return WordNetCorpusReader(folder, None)


def main():
    only = set(sys.argv[2:])
    wn = load_wordnet()
    tb = NLTKWordTokenizer()
    corpus = {
        "tool": "nltk",
        "tool_version": "3.8",
        "api": "nltk.translate.meteor_score.meteor_score(references, hypothesis, wordnet=WordNetCorpusReader('/usr/share/wordnet' + lexnames))",
        "options": {"alpha": 0.9, "beta": 3.0, "gamma": 0.5, "preprocess": "str.lower", "stemmer": "PorterStemmer()"},
        "fields": {"nltk": "tokens = str.split()", "tb": "tokens = NLTKWordTokenizer().tokenize(text) (word_tokenize with preserve_line=True)"},
        "datasets": {},
    }
    path_corpus = os.path.join(HERE, "corpus.json")
    if only and os.path.exists(path_corpus):
        with open(path_corpus) as f:
            corpus["datasets"] = json.load(f)["datasets"]
    for name, limit in DATASETS:
        if only and name not in only:
            continue
        start = time.time()
        with gzip.open(os.path.join(CONF, "data", name + ".jsonl.gz"), "rt", encoding="utf-8") as f:
            records = [json.loads(line) for line in f if line.strip()]
        if limit is not None:
            records = records[:limit]
        lines = []
        systems = {}
        for rec in records:
            hyp, refs = rec["hyp"], rec["refs"]
            a = meteor_score([r.split() for r in refs], hyp.split(), wordnet=wn)
            b = meteor_score([tb.tokenize(r) for r in refs], tb.tokenize(hyp), wordnet=wn)
            lines.append('{"nltk": %r, "tb": %r}' % (a, b))
            key = rec.get("langpair", "") + "|" + rec["system"]
            systems.setdefault(key, ([], []))
            systems[key][0].append(a)
            systems[key][1].append(b)
        with gzip.GzipFile(os.path.join(HERE, name + ".jsonl.gz"), "wb", mtime=0) as f:
            f.write(("\n".join(lines) + "\n").encode("utf-8"))
        out = []
        for key, (xs, ys) in systems.items():
            out.append({
                "system": key,
                "n": len(xs),
                "nltk": {"fsum": math.fsum(xs) / len(xs), "np": float(numpy.mean(xs))},
                "tb": {"fsum": math.fsum(ys) / len(ys), "np": float(numpy.mean(ys))},
            })
        corpus["datasets"][name] = {"lines": len(records), "subset": None if limit is None else "first %d lines" % limit, "systems": out}
        print("%s: %d lines in %.1f s" % (name, len(records), time.time() - start), flush=True)
    with open(path_corpus, "w") as f:
        json.dump(corpus, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Speed of NLTK 3.8's GLEU and NIST on the first system of WMT17 en-de (3,004 segments, one
reference), for tooling/bench (references.mjs). CPU seconds of this process (time.process_time), so
that a shared machine's load does not count; median of 3 runs; tokens are str.split() of the text,
done inside the timed part (as gramscore's cases tokenize too).

    /usr/bin/python3 tooling/references/timing.py
"""
import gzip
import json
import os
import statistics
import time

from nltk.translate.gleu_score import corpus_gleu, sentence_gleu
from nltk.translate.nist_score import corpus_nist, sentence_nist

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("GRAMSCORE_SHARED", os.path.join(HERE, "..", "..", "..", "shared"))
PATH = os.path.join(SHARED, "conformance", "data", "mt_wmt17_newstest2017_en-de.jsonl.gz")

with gzip.open(PATH, "rt", encoding="utf-8") as f:
    records = [json.loads(line) for line in f if line.strip()][:3004]
hyps = [r["hyp"] for r in records]
refs = [r["refs"] for r in records]


def run(name, fn):
    times = []
    value = None
    for _ in range(3):
        start = time.process_time()
        value = fn()
        times.append(time.process_time() - start)
    t = statistics.median(times)
    print(f"{name}: {t:.3f} CPU s, {len(records) / t:,.0f} segments per CPU second (value {value!r})")


run("corpus_gleu", lambda: corpus_gleu([[x.split() for x in r] for r in refs], [h.split() for h in hyps]))
run("sentence_gleu of every segment", lambda: sum(sentence_gleu([x.split() for x in r], h.split()) for r, h in zip(refs, hyps)))
run("corpus_nist", lambda: corpus_nist([[x.split() for x in r] for r in refs], [h.split() for h in hyps]))


def every_nist():
    total = 0.0
    for r, h in zip(refs, hyps):
        try:
            total += sentence_nist([x.split() for x in r], h.split())
        except ZeroDivisionError:
            pass
    return total


run("sentence_nist of every segment", every_nist)

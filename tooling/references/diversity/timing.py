#!/usr/bin/python3
"""Speed of the Self-BLEU references for tooling/bench (references.mjs): Texygen's Self-BLEU-3 (NLTK
3.8 `sentence_bleu` of each text against the others, method1, as generate.py runs it) and sacrebleu
2.6.0's sentence-level Self-BLEU, on the first 500 summaries of the pointer-gen system of
sum_cnndm_ptrgen_public (500 is Texygen's own sample size in its default fast mode). CPU seconds of
this process (time.process_time), one run each (the cost is quadratic in the texts: several minutes
of wall time on a shared machine). Prints texts per CPU second.

    PYTHONPATH=<as for generate.py> /usr/bin/python3 tooling/references/diversity/timing.py ../shared
"""
import gzip
import json
import os
import sys
import time

from nltk.tokenize import word_tokenize

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402

SHARED = sys.argv[1] if len(sys.argv) > 1 else os.path.join("..", "shared")
COUNT = 500
texts = []
with gzip.open(os.path.join(SHARED, "conformance", "data", "sum_cnndm_ptrgen_public.jsonl.gz"), "rt", encoding="utf-8") as f:
    for line in f:
        r = json.loads(line)
        if r["system"] == "pointer-gen" and len(texts) < COUNT:
            texts.append(r["hyp"].replace("\r", " ").replace("\n", " "))

t0 = time.process_time()
tokens = [word_tokenize(t, preserve_line=True) for t in texts]
score, _ = generate.texygen_self_bleu(tokens, 3)
t1 = time.process_time()
print(f"texygen self-bleu-3: {score!r} {t1 - t0:.2f} CPU s = {COUNT / (t1 - t0):.1f} texts per CPU s", flush=True)
from sacrebleu.metrics import BLEU  # noqa: E402

t0 = time.process_time()
bleu = BLEU(effective_order=True)
scores = [bleu.sentence_score(t, texts[:i] + texts[i + 1:]).score for i, t in enumerate(texts)]
t1 = time.process_time()
print(f"sacrebleu sentence self-bleu: {sum(scores) / len(scores)!r} {t1 - t0:.2f} CPU s = {COUNT / (t1 - t0):.1f} texts per CPU s", flush=True)

#!/usr/bin/python3
"""Speed of HF evaluate v0.4.6's `sari` `_compute` and EASSE's `corpus_sari` on the golden data of
packages/metric-sari (21 systems x 359 items, against the TurkCorpus and the ASSET references: 15,078
items), for tooling/bench (references.mjs). CPU seconds of this process (time.process_time), median of
3 runs; sacrebleu's 13a keeps its own lru_cache across systems and runs, as in normal use. Modules
loaded as generate.py loads them (same PYTHONPATH).

    PYTHONPATH=/tmp/sariref /usr/bin/python3 tooling/references/sari/timing.py
"""
import gzip
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402  (loads the references; writes nothing unless run as a script)
import refkit  # noqa: E402  (on the path generate.py set)

with gzip.open(os.path.join(generate.OUT, "sari-data.json.gz"), "rt", encoding="utf-8") as f:
    data = json.load(f)
sources = data["sources"]
jobs = [(preds, refs) for refs in data["references"].values() for preds in data["systems"].values()]
items = sum(len(p) for p, _ in jobs)



refkit.print_rate("sari (HF)", items, "items", lambda: [generate.hf_metric._compute(sources=sources, predictions=p, references=r) for p, r in jobs])
refkit.print_rate("corpus_sari (EASSE)", items, "items", lambda: [generate.easse_corpus(sources, p, r) for p, r in jobs])

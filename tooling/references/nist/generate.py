#!/usr/bin/python3
"""Expected NIST values: NLTK 3.8's sentence_nist / corpus_nist on str.split() tokens.

Run from the repository root with Debian's Python (python3-nltk 3.8):

    /usr/bin/python3 tooling/references/nist/generate.py

Reads ../shared/conformance/data/<dataset>.jsonl.gz (or $GRAMSCORE_SHARED/conformance) and writes
tooling/references/nist/<dataset>.<config>.jsonl.gz: the first line is a header
{"dataset", "config", "tool", "options", "lines", "systems": [[system key, lines, corpus value], ...]},
then one line per data line with sentence_nist of that line (a JSON number, Python's float repr),
or null where NLTK raises ZeroDivisionError (a hypothesis shorter than n tokens leaves an order
without hypothesis n-grams; empty references leave no reference length).
"""
import gzip
import json
import os
import sys

import nltk
from nltk.translate.nist_score import corpus_nist, sentence_nist

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
SHARED = os.environ.get("GRAMSCORE_SHARED", os.path.join(ROOT, "..", "shared"))
DATA = os.path.join(SHARED, "conformance", "data")

DATASETS = [
    "mt_wmt17_newstest2017_en-de",
    "mt_wmt22_generaltest2022_en-de",
    "sum_summeval",
    "robust_public",
]

CONFIGS = [("nist", 5), ("nist-n3", 3)]


def read(dataset):
    with gzip.open(os.path.join(DATA, dataset + ".jsonl.gz"), "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def system_key(rec):
    """A system is the lines with the same langpair and system (conformance README)."""
    return (rec.get("langpair") or "") + "|" + rec["system"]


def guarded(fn, *args):
    try:
        return fn(*args)
    except ZeroDivisionError:
        return None


def main():
    for dataset in DATASETS:
        records = read(dataset)
        hyps = [r["hyp"].split() for r in records]
        refs = [[x.split() for x in r["refs"]] for r in records]
        order, lines = [], {}
        for i, rec in enumerate(records):
            key = system_key(rec)
            if key not in lines:
                order.append(key)
                lines[key] = []
            lines[key].append(i)
        for config, n in CONFIGS:
            systems = []
            for key in order:
                idx = lines[key]
                value = guarded(corpus_nist, [refs[i] for i in idx], [hyps[i] for i in idx], n)
                systems.append([key, len(idx), value])
            header = {
                "dataset": dataset,
                "config": config,
                "tool": f"nltk {nltk.__version__}",
                "options": {"n": n, "tokens": "str.split()"},
                "lines": len(records),
                "systems": systems,
            }
            path = os.path.join(HERE, f"{dataset}.{config}.jsonl.gz")
            nulls = 0
            with gzip.GzipFile(path, "wb", mtime=0) as gz:
                gz.write((json.dumps(header, ensure_ascii=False) + "\n").encode("utf-8"))
                for i in range(len(records)):
                    value = guarded(sentence_nist, refs[i], hyps[i], n)
                    if value is None:
                        nulls += 1
                    gz.write(("null" if value is None else repr(float(value))).encode("ascii") + b"\n")
            print(f"{path}: {len(records)} lines ({nulls} null), {len(systems)} systems", file=sys.stderr)


if __name__ == "__main__":
    main()

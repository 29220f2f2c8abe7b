#!/usr/bin/python3
"""Expected GLEU values: NLTK 3.8's sentence_gleu / corpus_gleu on str.split() tokens, and
HF evaluate's google_bleu (its Tokenizer13a, then NLTK's corpus_gleu).

Run from the repository root with Debian's Python (python3-nltk 3.8):

    /usr/bin/python3 tooling/references/gleu/generate.py [path/to/evaluate/metrics/google_bleu/tokenizer_13a.py]

Reads ../shared/conformance/data/<dataset>.jsonl.gz (or $GRAMSCORE_SHARED/conformance) and writes
tooling/references/gleu/<dataset>.<config>.jsonl.gz: the first line is a header
{"dataset", "config", "tool", "options", "lines", "systems": [[system key, lines, corpus value], ...]},
then one line per data line with that line's sentence value (a JSON number, written with Python's
float repr). The google_bleu configs are written only when the path to HF evaluate's
tokenizer_13a.py (https://github.com/huggingface/evaluate, metrics/google_bleu) is given.
"""
import gzip
import importlib.util
import json
import os
import sys

import nltk
from nltk.translate.gleu_score import corpus_gleu, sentence_gleu

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

# (config, min_len, max_len)
CONFIGS = [("gleu", 1, 4), ("gleu-min2-max6", 2, 6)]
HF_CONFIGS = [("google_bleu", 1, 4)]


def read(dataset):
    with gzip.open(os.path.join(DATA, dataset + ".jsonl.gz"), "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def system_key(rec):
    """A system is the lines with the same langpair and system (conformance README)."""
    return (rec.get("langpair") or "") + "|" + rec["system"]


def systems_of(records):
    order, lines = [], {}
    for i, rec in enumerate(records):
        key = system_key(rec)
        if key not in lines:
            order.append(key)
            lines[key] = []
        lines[key].append(i)
    return order, lines


def write(dataset, config, tool, options, records, tokenize, min_len, max_len):
    hyps = [tokenize(r["hyp"]) for r in records]
    refs = [[tokenize(x) for x in r["refs"]] for r in records]
    order, lines = systems_of(records)
    systems = []
    for key in order:
        idx = lines[key]
        value = corpus_gleu([refs[i] for i in idx], [hyps[i] for i in idx], min_len=min_len, max_len=max_len)
        systems.append([key, len(idx), value])
    header = {
        "dataset": dataset,
        "config": config,
        "tool": tool,
        "options": options,
        "lines": len(records),
        "systems": systems,
    }
    path = os.path.join(HERE, f"{dataset}.{config}.jsonl.gz")
    with gzip.GzipFile(path, "wb", mtime=0) as gz:
        gz.write((json.dumps(header, ensure_ascii=False) + "\n").encode("utf-8"))
        for i in range(len(records)):
            value = sentence_gleu(refs[i], hyps[i], min_len=min_len, max_len=max_len)
            gz.write((repr(float(value)) + "\n").encode("ascii"))
    print(f"{path}: {len(records)} lines, {len(systems)} systems", file=sys.stderr)


def main():
    hf_tokenizer = None
    if len(sys.argv) > 1:
        spec = importlib.util.spec_from_file_location("hf_tokenizer_13a", sys.argv[1])
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        hf_tokenizer = module.Tokenizer13a()
    for dataset in DATASETS:
        records = read(dataset)
        for config, min_len, max_len in CONFIGS:
            write(dataset, config, f"nltk {nltk.__version__}", {"min_len": min_len, "max_len": max_len, "tokens": "str.split()"},
                  records, str.split, min_len, max_len)
        if hf_tokenizer is not None:
            for config, min_len, max_len in HF_CONFIGS:
                write(dataset, config, f"HF evaluate google_bleu (Tokenizer13a) + nltk {nltk.__version__}",
                      {"min_len": min_len, "max_len": max_len, "tokens": "evaluate Tokenizer13a"},
                      records, hf_tokenizer, min_len, max_len)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""EED goldens: torchmetrics v1.9.0's `extended_edit_distance` (src/torchmetrics/functional/text/eed.py,
with its helper.py, on Debian's python3-torch) and rwth-i6/ExtendedEditDistance's scorer (EED.py's
`eed()` over its C++ `EED.cpp` compiled on this machine, after util.py's `preprocess(line, "en")`,
exactly as its `main()` does per line), on every segment of the MT conformance data.

torchmetrics' two files are loaded as they are, as modules of a package `torchmetrics.functional.text`
whose `__init__` is not run (it imports every metric of the library); nothing else is replaced.

Writes packages/metric-character/test/data/eed-<dataset>.json.gz: per system torchmetrics' corpus
score (a float32 tensor, stored as its exact value); per segment torchmetrics' sentence score (best
over the references, float32) and rwth-i6's C++ score against each reference.

    mkdir -p /tmp/ref/tm /tmp/ref/eed
    git --git-dir=<torchmetrics mirror> archive v1.9.0 src/torchmetrics/functional/text/eed.py \
        src/torchmetrics/functional/text/helper.py | tar x -C /tmp/ref/tm
    git --git-dir=<rwth-i6/ExtendedEditDistance mirror> archive f944adc EED.py EED.cpp util.py | tar x -C /tmp/ref/eed
    (compile /tmp/ref/eed/EED.cpp into /tmp/ref/eed/libEED.so with g++ -O2 -fPIC -shared)
    /usr/bin/python3 tooling/references/eed/generate.py [--torchmetrics-systems=N] dataset ...

torchmetrics' code is pure Python (183 WMT17 en-de segments per CPU second here; its time grows with
the product of the two lengths in characters), so `--torchmetrics-systems=N` runs it on the first N
systems of each dataset only (the other segments get `null` in its column); the C++ scorer runs on
every segment. The committed goldens were all made without the option: torchmetrics and the C++
scorer on every segment of the six datasets (torchmetrics took 19 CPU s on WMT22 en-ja, 20 on en-zh
and 55 on WMT23 en-he halfA here; `cpu_seconds` in each file).
"""
import gzip
import json
import os
import sys
import time
import types

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import refkit  # noqa: E402  (tooling/references/refkit.py)

REF = os.environ.get("EED_REF", "/tmp/ref")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
DATA = os.path.join(ROOT, "..", "shared", "conformance", "data")
OUT = os.path.join(ROOT, "packages", "metric-character", "test", "data")




def main():
    import torch

    base = os.path.join(REF, "tm", "src", "torchmetrics", "functional", "text")
    for pkg in ("torchmetrics", "torchmetrics.functional", "torchmetrics.functional.text"):
        m = types.ModuleType(pkg)
        m.__path__ = []
        sys.modules[pkg] = m
    refkit.load_module(os.path.join(base, "helper.py"), "torchmetrics.functional.text.helper")
    tm = refkit.load_module(os.path.join(base, "eed.py"), "torchmetrics.functional.text.eed")
    sys.path.insert(0, os.path.join(REF, "eed"))
    import util  # rwth-i6's preprocessing
    rw = refkit.load_module(os.path.join(REF, "eed", "EED.py"), "rwth_eed")

    args = sys.argv[1:]
    limit = None
    for a in list(args):
        if a.startswith("--torchmetrics-systems="):
            limit = int(a.split("=", 1)[1])
            args.remove(a)
    names = args
    os.makedirs(OUT, exist_ok=True)
    for name in names:
        t0 = time.process_time()
        with gzip.open(os.path.join(DATA, name + ".jsonl.gz"), "rt", encoding="utf-8") as f:
            records = [json.loads(line) for line in f]
        groups = []
        for r in records:
            key = (r.get("langpair"), r["system"])
            if not groups or groups[-1][0] != key:
                groups.append((key, []))
            groups[-1][1].append(r)
        systems = []
        segments = []
        tm_cpu = cpp_cpu = 0.0
        for index, (key, recs) in enumerate(groups):
            preds = [r["hyp"] for r in recs]
            target = [r["refs"] for r in recs]
            a = time.process_time()
            run_tm = limit is None or index < limit
            if run_tm:
                corpus, sentences = tm.extended_edit_distance(preds, target, return_sentence_level_score=True)
                sentences = sentences.tolist()
            else:
                corpus, sentences = None, [None] * len(recs)
            b = time.process_time()
            cpp = [[float(rw.eed(list(util.preprocess(r["hyp"], "en")), list(util.preprocess(ref, "en")))) for ref in r["refs"]] for r in recs]
            c = time.process_time()
            tm_cpu += b - a
            cpp_cpu += c - b
            for s, row in zip(sentences, cpp):
                segments.append([None if s is None else float(s)] + row)
            systems.append({
                "langpair": key[0],
                "system": key[1],
                "segments": len(recs),
                "torchmetrics": None if corpus is None else float(corpus.item()),
                "dtype": None if corpus is None else str(corpus.dtype),
            })
        doc = {
            "dataset": name,
            "tools": {
                "torchmetrics": "v1.9.0 (700261d3683ba77517e9650043f62a8313027437) functional/text/eed.py, language='en', defaults",
                "torch": torch.__version__,
                "rwth_i6": "rwth-i6/ExtendedEditDistance f944adc4fd6dc1eba68a745b66c06bb79a0615e3, EED.py eed() + util.preprocess(x, 'en'), EED.cpp built with g++ 12.2.0 -O2",
                "python": sys.version.split()[0],
            },
            "cpu_seconds": {"torchmetrics": round(tm_cpu, 2), "rwth_cpp": round(cpp_cpu, 2)},
            "segment_columns": "[torchmetrics_score (best over refs, float32; null where not run), rwth_cpp_ref0, rwth_cpp_ref1, ...]",
            "systems": systems,
            "segments": segments,
        }
        with gzip.open(os.path.join(OUT, f"eed-{name}.json.gz"), "wt", encoding="utf-8", compresslevel=9) as f:
            json.dump(doc, f, ensure_ascii=False)
        print(name, len(segments), "segments", doc["cpu_seconds"], file=sys.stderr)


if __name__ == "__main__":
    main()

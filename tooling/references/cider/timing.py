#!/usr/bin/python3
"""Speed of pycocoevalcap v1.2's `Cider` (CIDEr-D) on the golden data of packages/metric-cider: the
4,982 COCO images of MAGIC's captions, already PTB-tokenized (the Java tokenizer's output, so only the
scorer is timed, as gramscore's bench case scores pre-tokenized captions with `tokenize: "none"`).
CPU seconds of this process (time.process_time), median of 3 runs; numpy's log from the C library, as
the goldens were made. For tooling/bench (references.mjs).

    PYCOCO=/tmp/cider-ref/pycocoevalcap /usr/bin/python3 tooling/references/cider/timing.py
"""
import os

os.environ["NPY_DISABLE_CPU_FEATURES"] = "AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL"

import gzip
import importlib
import json
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "..", "packages", "metric-cider", "test", "data", "cider-golden.json.gz")
PYCOCO = os.environ.get("PYCOCO", "/tmp/cider-ref/pycocoevalcap")
sys.path.insert(0, os.path.dirname(PYCOCO))
Cider = importlib.import_module(os.path.basename(PYCOCO) + ".cider.cider").Cider

with gzip.open(DATA, "rt", encoding="utf-8") as f:
    coco = json.load(f)["corpora"]["coco"]
gts = {i: refs for i, refs in enumerate(coco["refs"])}
res = {i: [h] for i, h in enumerate(coco["systems"]["magic"]["hyps"])}

times = []
for _ in range(3):
    t = time.process_time()
    score, _ = Cider().compute_score(gts, res)
    times.append(time.process_time() - t)
sec = statistics.median(times)
print(json.dumps({"cider": {"images": len(gts), "seconds": sec, "imagesPerSecond": round(len(gts) / sec), "score": score}}))

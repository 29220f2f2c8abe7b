#!/usr/bin/python3
"""Speed of torchmetrics v1.9.0's `extended_edit_distance` (torch 1.13) and of rwth-i6's EED scorer
(util.preprocess + EED.py's eed() over EED.cpp, per line as its main() does) on the first system of
WMT17 en-de (3,004 segments, one reference), for tooling/bench (references.mjs). CPU seconds of this
process (time.process_time), median of 3 runs. Modules loaded as generate.py loads them.

    /usr/bin/python3 tooling/references/eed/timing.py
"""
import gzip
import json
import os
import sys
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402
import refkit  # noqa: E402  (on the path generate.py set)
import torch  # noqa: E402,F401

base = os.path.join(generate.REF, "tm", "src", "torchmetrics", "functional", "text")
for pkg in ("torchmetrics", "torchmetrics.functional", "torchmetrics.functional.text"):
    m = types.ModuleType(pkg)
    m.__path__ = []
    sys.modules[pkg] = m
refkit.load_module(os.path.join(base, "helper.py"), "torchmetrics.functional.text.helper")
tm = refkit.load_module(os.path.join(base, "eed.py"), "torchmetrics.functional.text.eed")
sys.path.insert(0, os.path.join(generate.REF, "eed"))
import util  # noqa: E402

rw = refkit.load_module(os.path.join(generate.REF, "eed", "EED.py"), "rwth_eed")
with gzip.open(os.path.join(generate.DATA, "mt_wmt17_newstest2017_en-de.jsonl.gz"), "rt", encoding="utf-8") as f:
    records = [json.loads(line) for line in f][:3004]
preds = [r["hyp"] for r in records]
refs = [r["refs"][0] for r in records]



refkit.print_rate("torchmetrics eed", len(preds), "segments", lambda: tm.extended_edit_distance(preds, refs))
refkit.print_rate("rwth-i6 EED (C++)", len(preds), "segments", lambda: [rw.eed(list(util.preprocess(h, "en")), list(util.preprocess(r, "en"))) for h, r in zip(preds, refs)])

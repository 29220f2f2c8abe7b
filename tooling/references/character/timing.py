#!/usr/bin/python3
"""Speed of HF evaluate v0.4.6's `character` `_compute` (the cer package 1.2.0; Levenshtein as in
generate.py) on the first system of WMT17 en-de (3,004 segments, one reference), for tooling/bench
(references.mjs). CPU seconds of this process (time.process_time), median of 3 runs, the cer
package's lru_cache cleared before each. Modules loaded as generate.py loads them.

    /usr/bin/python3 tooling/references/character/timing.py
"""
import gzip
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402
import refkit  # noqa: E402  (on the path generate.py set)

shim, debian = generate.shim_levenshtein()
sys.modules["Levenshtein"] = shim
sys.path.insert(0, os.path.join(generate.REF, "cer", "src"))
import cer  # noqa: E402

refkit.stub_hf_evaluate()
hf = refkit.load_module(os.path.join(generate.REF, "hf", "metrics", "character", "character.py"), "hf_character").Character()
with gzip.open(os.path.join(generate.DATA, "mt_wmt17_newstest2017_en-de.jsonl.gz"), "rt", encoding="utf-8") as f:
    records = [json.loads(line) for line in f][:3004]
preds = [r["hyp"] for r in records]
refs = [r["refs"][0] for r in records]
refkit.print_rate("character", len(preds), "segments", lambda: hf._compute(preds, refs), before=cer.cer.calculate_levenshtein.cache_clear)

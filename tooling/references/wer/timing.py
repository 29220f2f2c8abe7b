"""jiwer 3.1.0's speed on WMT17 en-de (first system, 3,004 segments), for tooling/bench/references.mjs.

Times `jiwer.process_words(refs, hyps)` (WER and friends) and `jiwer.process_characters(refs, hyps)`
(CER) over rapidfuzz's pure-Python Levenshtein (RAPIDFUZZ_IMPLEMENTATION=python): the C++ rapidfuzz
jiwer normally uses cannot be installed here, so the multiples of the bench are against this fallback.
Prints segments per CPU second of this process (median of 3 runs) and per wall second.

Usage: RAPIDFUZZ_IMPLEMENTATION=python PYTHONPATH=/tmp/werref/src /usr/bin/python3 timing.py [../shared]
"""
import gzip
import json
import os
import sys
import time

import jiwer
from rapidfuzz.distance import Levenshtein

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "..", "..", "shared")

with gzip.open(os.path.join(SHARED, "conformance", "data", "mt_wmt17_newstest2017_en-de.jsonl.gz"), "rt", encoding="utf-8") as f:
    records = [json.loads(line) for line in f if line.strip()]
first = [r for r in records if r["system"] == records[0]["system"]]
refs = [r["refs"][0] for r in first]
hyps = [r["hyp"] for r in first]
print(f"rapidfuzz Levenshtein: {Levenshtein.opcodes.__module__}; {len(first)} segments; load {os.getloadavg()}")
for name, fn in [("process_words", jiwer.process_words), ("process_characters", jiwer.process_characters)]:
    cpu, wall = [], []
    for _ in range(3):
        c0, w0 = time.process_time(), time.perf_counter()
        out = fn(refs, hyps)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    cpu.sort()
    wall.sort()
    score = out.wer if name == "process_words" else out.cer
    print(f"{name}: {len(first) / cpu[1]:.0f} segments per CPU second, {len(first) / wall[1]:.0f} per wall second (median of 3; score {score!r})")

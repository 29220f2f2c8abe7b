"""Speed of openai/whisper's normalizers (v20250625) for tooling/bench/references.mjs.

Times BasicTextNormalizer() and EnglishTextNormalizer() over every distinct hypothesis and reference
of SummEval (English summaries, 2,746 strings in first-appearance order), median of 3 runs, and
prints strings per CPU second of this process (and per wall second; the machine may be shared).

Usage: /usr/bin/python3 timing.py /tmp/whisperref [../shared]
"""
import gzip
import json
import os
import sys
import time

sys.path.insert(0, sys.argv[1])
from whisper.normalizers import BasicTextNormalizer, EnglishTextNormalizer  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "..", "..", "..", "..", "shared")

strings = []
seen = set()
with gzip.open(os.path.join(SHARED, "conformance", "data", "sum_summeval.jsonl.gz"), "rt", encoding="utf-8") as f:
    for line in f:
        rec = json.loads(line)
        for s in [rec["hyp"], *rec["refs"]]:
            if s not in seen:
                seen.add(s)
                strings.append(s)
print(f"{len(strings)} strings, {sum(len(s) for s in strings)} code points; load {os.getloadavg()}")
for name, fn in [("basic", BasicTextNormalizer()), ("english", EnglishTextNormalizer())]:
    cpu, wall = [], []
    for _ in range(3):
        c0, w0 = time.process_time(), time.perf_counter()
        for s in strings:
            fn(s)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    cpu.sort()
    wall.sort()
    print(f"{name}: {len(strings) / cpu[1]:.0f} strings per CPU second, {len(strings) / wall[1]:.0f} per wall second (median of 3)")

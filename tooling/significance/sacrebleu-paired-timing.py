"""Times sacrebleu 2.6.0's paired significance tests for the `pnpm bench` reference speeds.

5 systems (the first five of WMT22 en-de general test 2022, 2,037 segments, 2 references each) x 3
metrics (BLEU, chrF2, chrF2++ at sacrebleu's defaults, references given at construction as the
command line does), SACREBLEU_SEED 12345, one process, n_jobs=1:
  - paired bootstrap:            PairedTest(..., test_type="bs", n_samples=1000)()
  - approximate randomization:   PairedTest(..., test_type="ar", n_samples=10000)()
The time covers what sacrebleu does for the test (statistics of every system, resampling, scores);
reading the data and building the metrics (reference caching) are excluded. Prints wall-clock and
process CPU seconds.

Run once:  PYTHONPATH=/work/ref/sacrebleu-2.6.0 /usr/bin/python3 tooling/significance/sacrebleu-paired-timing.py
"""
import gzip
import json
import os
import sys
import time

import numpy as np
import sacrebleu
from sacrebleu.metrics import BLEU, CHRF
from sacrebleu.significance import PairedTest

assert sacrebleu.__version__ == "2.6.0", sacrebleu.__version__
assert np.__version__ == "1.24.2", np.__version__
os.environ["SACREBLEU_SEED"] = "12345"

here = os.path.dirname(os.path.abspath(__file__))
data = os.environ.get("GRAMSCORE_SHARED", os.path.join(here, "../../../shared"))
path = os.path.join(data, "conformance/data/mt_wmt22_generaltest2022_en-de.jsonl.gz")
records = [json.loads(line) for line in gzip.open(path, "rt", encoding="utf-8")]
names = []
for r in records:
    if r["system"] not in names:
        names.append(r["system"])
names = names[:5]
systems = [(n, [r["hyp"] for r in records if r["system"] == n]) for n in names]
first = [r for r in records if r["system"] == names[0]]
refs = [list(x) for x in zip(*[r["refs"] for r in first])]
segments = len(first)

out = {"systems": names, "segments": segments, "metrics": ["BLEU", "chrF2", "chrF2++"]}
for test, n in [("bs", 1000), ("ar", 10000)]:
    metrics = {"BLEU": BLEU(references=refs), "chrF2": CHRF(references=refs), "chrF2++": CHRF(word_order=2, references=refs)}
    w0, c0 = time.perf_counter(), time.process_time()
    _, scores = PairedTest(systems, metrics, references=None, test_type=test, n_samples=n)()
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    out[test] = {"n_samples": n, "wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
                 "p_values": {k: [getattr(x, "p_value", None) for x in v] for k, v in scores.items() if k != "System"}}
    print(f"{test}: {wall:.2f} s wall, {cpu:.2f} s CPU", file=sys.stderr)
out["load_average"] = os.getloadavg()
print(json.dumps(out, indent=1))

"""Writes packages/metric-bleu/test/fixtures/libm.json: CPython's math.exp and math.log (glibc) on
random doubles in the ranges BLEU uses them (log of precisions in (0, 100], exp of mean logs and of
brevity-penalty exponents), for the tests of metric-bleu's correctly rounded pyExp/pyLog.

Run once:  /usr/bin/python3 tooling/significance/libm-reference.py
"""
import json
import math
import os
import random

rng = random.Random(20261125)
logs = [rng.uniform(1e-4, 100.0) for _ in range(600)] + [rng.uniform(0.5, 2.0) for _ in range(200)]
exps = [rng.uniform(-12.0, 4.7) for _ in range(600)] + [rng.uniform(-1.0, 0.0) for _ in range(200)]
out = {
    "log": [[repr(x), repr(math.log(x))] for x in logs],
    "exp": [[repr(x), repr(math.exp(x))] for x in exps],
}
path = os.path.join(os.path.dirname(__file__), "../../packages/metric-bleu/test/fixtures/libm.json")
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path, "w") as f:
    json.dump(out, f, separators=(",", ":"))
    f.write("\n")
print("wrote", os.path.normpath(path))

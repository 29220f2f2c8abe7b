"""Writes packages/significance/test/fixtures/numpy-draws.json: reference draws of numpy's
default_rng (numpy 1.24.2, the version sacrebleu 2.6.0's conformance data was made with), for the
generator tests of @gramscore/significance.

Run once with Debian's python3-numpy 1.24.2:  /usr/bin/python3 tooling/significance/numpy-draws.py
"""
import json
import os

import numpy as np

assert np.__version__ == "1.24.2", np.__version__

N = 1000
out = {"numpy_version": np.__version__, "raw": {}, "choice": [], "booleans": [], "mixed": []}
# First 1,000 64-bit outputs of the bit generator, as decimal strings, for several seeds (one of
# them needing three 32-bit seed words).
for seed in [0, 1, 12345, 2**32 - 1, 98765432109876543210]:
    rng = np.random.default_rng(seed)
    out["raw"][str(seed)] = [str(int(x)) for x in rng.bit_generator.random_raw(N)]
# choice(n, size, replace=True) as sacrebleu draws bootstrap indices; 2**31 - 1 makes Lemire's
# rejection step frequent.
for seed, n in [(12345, 2037), (1, 7), (0, 2**31 - 1), (2024, 100000)]:
    rng = np.random.default_rng(seed)
    out["choice"].append({"seed": seed, "n": n, "draws": rng.choice(n, size=N, replace=True).tolist()})
# integers(2, dtype=bool) as sacrebleu's approximate randomization draws its swaps.
for seed in [12345, 7]:
    rng = np.random.default_rng(seed)
    out["booleans"].append({"seed": seed, "draws": rng.integers(2, size=N, dtype=bool).astype(int).tolist()})
# Booleans then indices from one generator (AR with a bootstrap confidence interval): the half-used
# 64-bit word carries over.
rng = np.random.default_rng(12345)
b = rng.integers(2, size=(3, 11), dtype=bool).astype(int).ravel().tolist()
c = rng.choice(50, size=(4, 11), replace=True).ravel().tolist()
out["mixed"] = {"seed": 12345, "booleans": b, "n": 50, "choice": c}

path = os.path.join(os.path.dirname(__file__), "../../packages/significance/test/fixtures/numpy-draws.json")
with open(path, "w") as f:
    json.dump(out, f, separators=(",", ":"))
    f.write("\n")
print("wrote", os.path.normpath(path))

#!/usr/bin/python3
"""characTER goldens: HF evaluate v0.4.6's `character` metric script (its `_compute`, which calls
the `cer` package, BramVanroy/CharacTER v1.2.0) and rwth-i6/CharacTER's original `CharacTER.py`
(its `cer()` with its C++ word-level edit distance `ed.cpp` compiled on this machine), run on every
segment of the MT conformance data with Debian's Python.

Stubs and shims, and nothing else:
- `evaluate` and `datasets` are replaced by stubs that only let HF's script load (class base,
  docstring decorator, feature declaration; `_compute` uses none of them).
- `Levenshtein`: the `cer` package needs the `Levenshtein` distribution (rapidfuzz-based), which
  accepts sequences of words; Debian has python-Levenshtein 0.12.2, whose `distance` takes strings
  only. The shim maps each distinct element of the two sequences to one distinct code point and
  calls Debian's 0.12.2 `distance` on the two strings: the same unit-cost Levenshtein distance.
  rwth-i6's script calls `Levenshtein.distance` on two strings, which Debian's module does directly.

Writes packages/metric-character/test/data/character-<dataset>.json.gz: per system HF's `cer_score`
for aggregate mean, median and sum; per segment HF's score (best over the references) and
rwth-i6's score against each reference; rwth-i6's corpus average per system (its `main()`:
`sum(scores) / len(scores)` over the first reference).

    mkdir -p /tmp/ref/hf /tmp/ref/cer /tmp/ref/rwthcer
    git --git-dir=<evaluate mirror> archive v0.4.6 metrics/character | tar x -C /tmp/ref/hf
    git --git-dir=<BramVanroy/CharacTER mirror> archive v1.2.0 src/cer | tar x -C /tmp/ref/cer
    git --git-dir=<rwth-i6/CharacTER mirror> archive c4b25cb CharacTER.py ed.cpp | tar x -C /tmp/ref/rwthcer
    (compile /tmp/ref/rwthcer/ed.cpp into /tmp/ref/rwthcer/libED.so with g++ -O2 -fPIC -shared)
    /usr/bin/python3 tooling/references/character/generate.py [dataset ...]
"""
import ctypes
import gzip
import json
import os
import sys
import time
import types

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import refkit  # noqa: E402  (tooling/references/refkit.py)

REF = os.environ.get("CHARACTER_REF", "/tmp/ref")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
DATA = os.path.join(ROOT, "..", "shared", "conformance", "data")
OUT = os.path.join(ROOT, "packages", "metric-character", "test", "data")
DATASETS = [
    "mt_wmt17_newstest2017_en-de",
    "mt_sacrebleu_examples_en-ja_en-ko",
    "mt_wmt22_generaltest2022_en-de",
    "mt_wmt22_generaltest2022_en-ja",
    "mt_wmt22_generaltest2022_en-zh",
    "mt_wmt23_generaltest2023_en-he.halfA",
]


def shim_levenshtein():
    import Levenshtein as debian  # python-Levenshtein 0.12.2 (Debian python3-levenshtein)

    real = debian.distance

    def distance(a, b):
        if isinstance(a, str) and isinstance(b, str):
            return real(a, b)
        codes = {}
        def encode(seq):
            return "".join(chr(codes.setdefault(x, len(codes))) for x in seq)
        return real(encode(a), encode(b))

    shim = types.ModuleType("Levenshtein")
    shim.distance = distance
    shim.__version__ = "shim over python-Levenshtein " + getattr(debian, "__version__", "0.12.2")
    return shim, debian






def main():
    shim, debian = shim_levenshtein()
    sys.modules["Levenshtein"] = shim
    sys.path.insert(0, os.path.join(REF, "cer", "src"))
    import cer  # BramVanroy/CharacTER v1.2.0

    refkit.stub_hf_evaluate()
    hf = refkit.load_module(os.path.join(REF, "hf", "metrics", "character", "character.py"), "hf_character").Character()
    # rwth-i6's script imports Levenshtein for its character-level distance: Debian's module.
    sys.modules["Levenshtein"] = debian
    rwth = refkit.load_module(os.path.join(REF, "rwthcer", "CharacTER.py"), "rwth_character")
    ed = ctypes.CDLL(os.path.join(REF, "rwthcer", "libED.so"))
    ed.wrapper.restype = ctypes.c_float

    os.makedirs(OUT, exist_ok=True)
    names = sys.argv[1:] or DATASETS
    for name in names:
        t0 = time.process_time()
        with gzip.open(os.path.join(DATA, name + ".jsonl.gz"), "rt", encoding="utf-8") as f:
            records = [json.loads(line) for line in f]
        systems = []
        order = []
        for r in records:
            key = (r.get("langpair"), r["system"])
            if not order or order[-1] != key:
                order.append(key)
                systems.append([])
            systems[-1].append(r)
        out_systems = []
        segments = []
        for key, recs in zip(order, systems):
            preds = [r["hyp"] for r in recs]
            multi = len(recs[0]["refs"]) > 1
            refs = [r["refs"] for r in recs] if multi else [r["refs"][0] for r in recs]
            res = {agg: hf._compute(preds, refs, aggregate=agg, return_all_scores=True) for agg in ("mean", "median", "sum")}
            scores = res["mean"]["cer_scores"]
            rw = []
            for r, s in zip(recs, scores):
                per_ref = [rwth.cer(r["hyp"].split(), ref.split(), ed) for ref in r["refs"]]
                rw.append(per_ref[0])
                segments.append([s] + [float(x) for x in per_ref])
            out_systems.append({
                "langpair": key[0],
                "system": key[1],
                "segments": len(recs),
                "hf": {agg: res[agg]["cer_score"] for agg in res},
                "rwth_mean_ref0": sum(rw) / len(rw),
            })
        doc = {
            "dataset": name,
            "tools": {
                "hf_evaluate": "v0.4.6 (a4fcb45252709bd07fba897afd4575735716664f) metrics/character",
                "cer": "BramVanroy/CharacTER v1.2.0 (f33d2752299b0980bc0ba030c481ddd77168d6c1)",
                "rwth_i6": "rwth-i6/CharacTER c4b25cb4d1fc1a535c0f99cef37443cbe5aa7e4c, ed.cpp built with g++ 12.2.0 -O2",
                "Levenshtein": shim.__version__,
                "python": sys.version.split()[0],
            },
            "segment_columns": "[hf_score (best over refs), rwth_score_ref0, rwth_score_ref1, ...]",
            "systems": out_systems,
            "segments": segments,
        }
        with gzip.open(os.path.join(OUT, f"character-{name}.json.gz"), "wt", encoding="utf-8", compresslevel=9) as f:
            json.dump(doc, f, ensure_ascii=False)
        print(name, len(segments), "segments", round(time.process_time() - t0, 1), "CPU s", file=sys.stderr)


if __name__ == "__main__":
    main()

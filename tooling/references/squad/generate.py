#!/usr/bin/python3
"""SQuAD goldens: runs HF evaluate v0.4.6's own `squad` and `squad_v2` metric scripts (their
`_compute` and the official scoring functions in `compute_score.py`) on Debian's Python, with the
`evaluate` and `datasets` imports replaced by stubs that only let the modules load (the scripts use
them for the class base, the docstring decorator and the feature declaration, never in `_compute`).
HF's features cast `no_answer_probability` to float32; the driver does the same cast
(`struct` round trip) before calling `_compute`.

Writes packages/metric-squad/test/data/squad-golden.json: per item, the raw exact match and F1 of
the official functions; per system and threshold, the dictionary `_compute` returns; and the same
means summed with `math.fsum` (correctly rounded, what gramscore's exact sums give).

    mkdir -p /tmp/ref && git --git-dir=<evaluate mirror> archive v0.4.6 metrics/squad metrics/squad_v2 | tar x -C /tmp/ref
    SQUAD_REF=/tmp/ref/metrics /usr/bin/python3 tooling/references/squad/generate.py
"""
import importlib.util
import json
import math
import os
import struct
import sys
import types

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import refkit  # noqa: E402  (tooling/references/refkit.py)

REF = os.environ.get("SQUAD_REF", "/tmp/ref/metrics")
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "..", "packages", "metric-squad", "test", "data")




def load(folder, module):
    """Loads metrics/<folder>/<module>.py as part of a package named after the folder."""
    pkg = "ref_" + folder
    if pkg not in sys.modules:
        p = types.ModuleType(pkg)
        p.__path__ = [os.path.join(REF, folder)]
        sys.modules[pkg] = p
    spec = importlib.util.spec_from_file_location(f"{pkg}.{module}", os.path.join(REF, folder, module + ".py"))
    m = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = m
    spec.loader.exec_module(m)
    return m


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


refkit.stub_hf_evaluate()
v1_score = load("squad", "compute_score")
v1 = load("squad", "squad").Squad()
v2_score = load("squad_v2", "compute_score")
v2 = load("squad_v2", "squad_v2").SquadV2()

with open(os.path.join(DATA, "squad-real.json"), encoding="utf-8") as f:
    data = json.load(f)

out = {"reference": "huggingface/evaluate v0.4.6 metrics/squad, metrics/squad_v2", "python": sys.version.split()[0], "v1": {}, "v2": {}}

# SQuAD 1.1: every system, per item and corpus.
refs1 = data["v1"]["references"]
hf_refs1 = [{"id": r["id"], "answers": {"text": r["answers"], "answer_start": [0] * len(r["answers"])}} for r in refs1]
for name, texts in data["v1"]["systems"].items():
    items = []
    for r, t in zip(refs1, texts):
        em = v1_score.metric_max_over_ground_truths(v1_score.exact_match_score, t, r["answers"])
        f1 = v1_score.metric_max_over_ground_truths(v1_score.f1_score, t, r["answers"])
        items.append([int(em), float(f1)])
    preds = [{"id": r["id"], "prediction_text": t} for r, t in zip(refs1, texts)]
    hf = v1._compute(predictions=preds, references=hf_refs1)
    n = len(items)
    out["v1"][name] = {
        "items": items,
        "hf": hf,
        "fsum": {"exact_match": 100.0 * math.fsum(e for e, _ in items) / n, "f1": 100.0 * math.fsum(f for _, f in items) / n},
    }

# SQuAD 2.0: one system at several thresholds (its null log-odds as no_answer_probability).
refs2 = data["v2"]["references"]
hf_refs2 = [{"id": r["id"], "answers": {"text": r["answers"], "answer_start": [0] * len(r["answers"])}} for r in refs2]
texts2 = data["v2"]["predictions"]
probs2 = [f32(p) for p in data["v2"]["noAnswerProbabilities"]]
preds2 = [{"id": r["id"], "prediction_text": t, "no_answer_probability": p} for r, t, p in zip(refs2, texts2, probs2)]
dataset = [{"paragraphs": [{"qas": hf_refs2}]}]
exact_raw, f1_raw = v2_score.get_raw_scores(dataset, {p["id"]: p["prediction_text"] for p in preds2})
out["v2"]["items"] = [[exact_raw[r["id"]], float(f1_raw[r["id"]])] for r in refs2]
out["v2"]["thresholds"] = []
for threshold in [1.0, 0.0, -2.0, -10.0]:
    hf = v2._compute(predictions=preds2, references=hf_refs2, no_answer_threshold=threshold)
    na = {p["id"]: p["no_answer_probability"] for p in preds2}
    has = {r["id"]: bool(r["answers"]) for r in refs2}
    ex = v2_score.apply_no_ans_threshold(exact_raw, na, has, threshold)
    f1 = v2_score.apply_no_ans_threshold(f1_raw, na, has, threshold)
    n = len(ex)
    out["v2"]["thresholds"].append(
        {"threshold": threshold, "hf": hf, "fsum": {"exact": 100.0 * math.fsum(ex.values()) / n, "f1": 100.0 * math.fsum(f1.values()) / n}}
    )

# Hand cases: normalization corners (Unicode word boundaries around articles, punctuation, case,
# whitespace) and empty answers; raw scores of both versions' functions.
CASES = [
    ["The Denver Broncos!", ["Denver Broncos"]],
    ["a", ["an"]],
    ["théa the", ["thé a"]],
    ["the_cat", ["cat"]],
    ["ánd the end", ["and end"]],
    ["ΟΔΟΣ", ["οδος"]],
    ["İstanbul", ["i̇stanbul"]],
    ["a\u3000b\u00a0c", ["b c"]],
    ["an-apple", ["apple"]],
    ["1,300,000", ["1300000"]],
    ["«the» cat", ["«» cat"]],
    ["", ["the"]],
    ["the", [""]],
    ["", [""]],
    ["cat cat dog", ["cat dog dog", "bird"]],
    ["x٣the", ["x٣the"]],
    ["٣ the ٣", ["٣ ٣"]],
]
out["cases"] = []
for pred, golds in CASES:
    v1_case = [int(v1_score.metric_max_over_ground_truths(v1_score.exact_match_score, pred, golds)), float(v1_score.metric_max_over_ground_truths(v1_score.f1_score, pred, golds))]
    g2 = [t for t in golds if v2_score.normalize_answer(t)] or [""]
    v2_case = [max(v2_score.compute_exact(a, pred) for a in g2), float(max(v2_score.compute_f1(a, pred) for a in g2))]
    out["cases"].append({"prediction": pred, "answers": golds, "normalized": v1_score.normalize_answer(pred), "v1": v1_case, "v2": v2_case})

with open(os.path.join(DATA, "squad-golden.json"), "w", encoding="utf-8") as f:
    json.dump(out, f, indent=0)
    f.write("\n")
print(json.dumps({k: out["v1"][k]["hf"] for k in out["v1"]}))
print(json.dumps(out["v2"]["thresholds"][0]["hf"]))

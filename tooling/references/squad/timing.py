#!/usr/bin/python3
"""Speed of HF evaluate v0.4.6's `squad` and `squad_v2` `_compute` (the official scripts) on the
golden data of packages/metric-squad, repeated 20 times (v1.1: 4 systems x 238 questions = 952
questions; v2.0: 500 questions), for tooling/bench (references.mjs). CPU seconds of this process
(time.process_time), median of 3 runs. Modules loaded as generate.py does.

    SQUAD_REF=/tmp/ref/metrics /usr/bin/python3 tooling/references/squad/timing.py
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.argv = [sys.argv[0]]
import generate  # noqa: E402  (writes the golden file again, unchanged)
import refkit  # noqa: E402  (on the path generate.py set)

REPEAT = 20
data = generate.data
refs1 = [{"id": f"{k}-{r['id']}", "answers": {"text": r["answers"], "answer_start": [0] * len(r["answers"])}} for k in range(REPEAT) for r in data["v1"]["references"]]
preds1 = []
for name, texts in data["v1"]["systems"].items():
    preds1.append([{"id": f"{k}-{r['id']}", "prediction_text": t} for k in range(REPEAT) for r, t in zip(data["v1"]["references"], texts)])
refs2 = [{"id": f"{k}-{r['id']}", "answers": {"text": r["answers"], "answer_start": [0] * len(r["answers"])}} for k in range(REPEAT) for r in data["v2"]["references"]]
preds2 = [
    {"id": f"{k}-{r['id']}", "prediction_text": t, "no_answer_probability": generate.f32(p)}
    for k in range(REPEAT)
    for r, t, p in zip(data["v2"]["references"], data["v2"]["predictions"], data["v2"]["noAnswerProbabilities"])
]



refkit.print_rate("squad", len(refs1) * len(preds1), "questions", lambda: [generate.v1._compute(predictions=p, references=refs1) for p in preds1])
refkit.print_rate("squad_v2", len(refs2), "questions", lambda: generate.v2._compute(predictions=preds2, references=refs2, no_answer_threshold=1.0))

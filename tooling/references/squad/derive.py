#!/usr/bin/python3
"""Builds packages/metric-squad/test/data/squad-real.json, the real data of the SQuAD goldens, from
three public repositories (their git mirrors; commits pinned below):

- zc277584121/search-datasets `squad2/ground_truth.json`: 500 questions of the SQuAD 2.0 dev set with
  their gold answers (258 unanswerable). Its 242 answerable questions are SQuAD 1.1 dev questions.
- Nstats/my_bert `data/squad/output/predictions.json` and `null_odds.json`: a BERT model's answers and
  null log-odds on the whole SQuAD 2.0 dev set (used as HF's `no_answer_probability`).
- wyiting01/cs4248_g14_mrc `output/*_pred.json`: four systems' answers on the SQuAD 1.1 dev set.

    /usr/bin/python3 tooling/references/squad/derive.py
"""
import json
import os
import subprocess

MIRRORS = os.environ.get("GRAMSCORE_MIRRORS", "/work/.mirror")
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "..", "packages", "metric-squad", "test", "data", "squad-real.json")

GT = ("zc277584121/search-datasets", "80980f31dbb1ba45fe5d02351bda4bdc06a3715c", "squad2/ground_truth.json")
BERT2 = ("Nstats/my_bert", "8288deea36e2ddf4078155d9571bc175a9cd45f7", "data/squad/output/predictions.json")
ODDS2 = ("Nstats/my_bert", "8288deea36e2ddf4078155d9571bc175a9cd45f7", "data/squad/output/null_odds.json")
V1 = ("wyiting01/cs4248_g14_mrc", "35044f01ef506f30d15a80c6af79f17284d3a62e", "output/{}_pred.json")
V1_SYSTEMS = ["bilstm", "bert", "roberta", "xlnet"]


def show(repo, commit, path):
    base = os.path.join(MIRRORS, repo.replace("/", "+"), "repo")
    git_dir = base if os.path.isdir(os.path.join(base, "objects")) else os.path.join(base, ".git")
    return json.loads(subprocess.check_output(["git", "--git-dir", git_dir, "show", f"{commit}:{path}"]))


gt = show(*GT)
preds2 = show(*BERT2)
odds2 = show(*ODDS2)
v2_refs = [{"id": k, "answers": [] if v["is_impossible"] else v["answers"]} for k, v in gt.items()]
v1_preds = {name: show(V1[0], V1[1], V1[2].format(name)) for name in V1_SYSTEMS}
# The answerable questions every system answered (bert_pred.json covers part of the dev set only).
v1_refs = [r for r in v2_refs if r["answers"] and all(r["id"] in p for p in v1_preds.values())]
v1_systems = {name: [p[r["id"]] for r in v1_refs] for name, p in v1_preds.items()}

data = {
    "sources": {
        "references": {"repo": GT[0], "commit": GT[1], "path": GT[2]},
        "v2": {"repo": BERT2[0], "commit": BERT2[1], "paths": [BERT2[2], ODDS2[2]]},
        "v1": {"repo": V1[0], "commit": V1[1], "paths": [V1[2].format(n) for n in V1_SYSTEMS]},
    },
    "v1": {"references": v1_refs, "systems": v1_systems},
    "v2": {
        "references": v2_refs,
        "predictions": [preds2[r["id"]] for r in v2_refs],
        "noAnswerProbabilities": [odds2[r["id"]] for r in v2_refs],
    },
}
with open(OUT, "w", encoding="utf-8") as f:
    json.dump(data, f, ensure_ascii=False, indent=0)
    f.write("\n")
print(f"{len(v1_refs)} SQuAD 1.1 questions x {len(V1_SYSTEMS)} systems, {len(v2_refs)} SQuAD 2.0 questions -> {OUT}")

#!/usr/bin/python3
"""SARI goldens: HF evaluate v0.4.6's `sari` metric script (its `_compute`, `SARIsent` and `normalize`,
which lowercases and applies sacrebleu's 13a tokenizer) and EASSE's `corpus_sari`
(feralvam/easse @ 6a4352ec299ed03fda8ee45445ca43d9c7673e89, easse/sari.py with its defaults:
lowercase, 13a, macro-averaged F1 over n-gram orders, F1 for deletion), run on Debian's Python on
real simplification data.

Data (EASSE's repository at the commit above, easse/resources/data): the 359 sentences of the
TurkCorpus test set (test_sets/turkcorpus/test.truecase.detok.orig) with its 8 references
(.simp.0-7) and ASSET's 10 references for the same sentences (test_sets/asset/asset.test.simp.0-9),
and the 21 published system outputs EASSE ships for them (system_outputs/turkcorpus/test/<system>,
the detokenized ones). Written to packages/metric-sari/test/data/sari-data.json.gz.

Neither sacrebleu nor sacremoses is a Debian package: their sources run from a scratch folder on
PYTHONPATH (sacrebleu tag v2.6.0 with the `version.py` its build would generate; sacremoses 0.0.41
from alvations/sacremoses; HF's script imports it, the default `13a` path never calls it). The
`evaluate` and `datasets` imports are stubs that only let the script load (it uses them for the
class base, the docstring decorator and the feature declaration, never in `_compute`).

    mkdir -p /tmp/sariref && cd /tmp/sariref
    git --git-dir=<sacrebleu mirror> archive v2.6.0 sacrebleu | tar x
    echo '__version__ = "2.6.0"' > sacrebleu/version.py
    git --git-dir=<sacremoses mirror> archive HEAD sacremoses | tar x
    git --git-dir=<evaluate mirror> archive v0.4.6 metrics/sari | tar x
    git --git-dir=<easse mirror> archive 6a4352ec299ed03fda8ee45445ca43d9c7673e89 easse/sari.py \
        easse/utils/preprocessing.py easse/resources/data/test_sets/asset \
        easse/resources/data/test_sets/turkcorpus easse/resources/data/system_outputs/turkcorpus | tar x
    cd - && PYTHONPATH=/tmp/sariref /usr/bin/python3 tooling/references/sari/generate.py

Writes packages/metric-sari/test/data/sari-golden.json.gz: per reference set and system, every
item's sentence SARI of both references (HF: `100 * SARIsent(...)` of the normalized strings, which
is what `_compute` returns for that item alone; EASSE: `corpus_sari` of that item alone), and per
system the corpus values: HF's `_compute(...)["sari"]` (a left-to-right sum), the same mean summed
with `math.fsum` (correctly rounded, what gramscore's exact sums give), EASSE's `corpus_sari` and its
add / keep / delete scores (`get_corpus_sari_operation_scores`). Hand cases (empty strings, case,
punctuation, uneven reference counts) are written under "cases".
"""
import gzip
import json
import math
import os
import sys

REF = os.environ.get("SARI_REF", "/tmp/sariref")
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "..", "packages", "metric-sari", "test", "data")
EASSE_COMMIT = "6a4352ec299ed03fda8ee45445ca43d9c7673e89"
RES = os.path.join(REF, "easse", "resources", "data")


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import refkit  # noqa: E402  (tooling/references/refkit.py)

refkit.stub_hf_evaluate()
sys.path.insert(0, REF)
import sacrebleu  # noqa: E402
import sacremoses  # noqa: E402

hf = refkit.load_module(os.path.join(REF, "metrics", "sari", "sari.py"), "hf_sari")
hf_metric = hf.Sari()
from easse import sari as easse_sari  # noqa: E402


def lines(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    out = text.split("\n")
    if out and out[-1] == "":
        out.pop()
    return out


def read_data():
    sources = lines(os.path.join(RES, "test_sets", "turkcorpus", "test.truecase.detok.orig"))
    turk = [lines(os.path.join(RES, "test_sets", "turkcorpus", f"test.truecase.detok.simp.{k}")) for k in range(8)]
    asset = [lines(os.path.join(RES, "test_sets", "asset", f"asset.test.simp.{k}")) for k in range(10)]
    folder = os.path.join(RES, "system_outputs", "turkcorpus", "test")
    systems = {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if os.path.isfile(path) and not os.path.islink(path):
            systems[name] = lines(path)
    n = len(sources)
    assert all(len(s) == n for s in turk + asset), "reference files of unequal length"
    assert all(len(s) == n for s in systems.values()), "system outputs of unequal length"
    return {
        "about": "TurkCorpus test (359 sentences) with its 8 references and ASSET's 10 references, and 21 published system outputs, "
        f"from feralvam/easse @ {EASSE_COMMIT} easse/resources/data (test_sets/turkcorpus/test.truecase.detok.*, "
        "test_sets/asset/asset.test.simp.*, system_outputs/turkcorpus/test/*). references[set][i] are item i's references.",
        "sources": sources,
        "references": {"turkcorpus": [[r[i] for r in turk] for i in range(n)], "asset": [[r[i] for r in asset] for i in range(n)]},
        "systems": systems,
    }


def hf_item(src, pred, refs):
    f = hf.SARIsent(hf.normalize(src), hf.normalize(pred), [hf.normalize(r) for r in refs])
    return f


def easse_corpus(srcs, preds, refs_per_item):
    width = len(refs_per_item[0])
    streams = [[r[k] for r in refs_per_item] for k in range(width)]
    ops = easse_sari.get_corpus_sari_operation_scores(srcs, preds, streams)
    return easse_sari.corpus_sari(srcs, preds, streams), list(ops)


CASES = [
    {"name": "HF docstring example", "sources": ["About 95 species are currently accepted ."], "predictions": ["About 95 you now get in ."],
     "references": [["About 95 species are currently known .", "About 95 species are now accepted .", "95 species are now accepted ."]]},
    {"name": "identical to source and reference", "sources": ["The cat sat on the mat."], "predictions": ["The cat sat on the mat."], "references": [["The cat sat on the mat."]]},
    {"name": "empty prediction", "sources": ["A long and complicated sentence, it seems."], "predictions": [""], "references": [["A short sentence.", "It seems long."]]},
    {"name": "empty source and prediction", "sources": [""], "predictions": [""], "references": [["", "Something."]]},
    {"name": "case and punctuation", "sources": ["HELLO, World!! (Test) -- \"quoted\" 3.5% of $10,000."], "predictions": ["Hello world! Test: quoted 3.5%."],
     "references": [["hello, world! test.", "HELLO WORLD -- \"QUOTED\" 3.5 % of $10,000."]]},
    {"name": "uneven reference counts", "sources": ["He was born in 1950 in Paris, France.", "The river flows north through the valley."],
     "predictions": ["He was born in Paris in 1950.", "The river flows north."],
     "references": [["He was born in Paris.", "He was born in 1950."], ["The river goes north.", "The river flows north through the valley.", "It flows north."]]},
    {"name": "repeated n-grams", "sources": ["the the the a a b"], "predictions": ["the the a b b b"], "references": [["the a b", "the the the a"]]},
    {"name": "non-ASCII and spaces", "sources": ["Café  déjà vu — naïve  résumé\tover  there."], "predictions": ["Café déjà vu, naïve résumé."], "references": [["A café.", "Déjà vu — naïve résumé."]]},
]


def main():
    data = read_data()
    os.makedirs(OUT, exist_ok=True)
    with gzip.GzipFile(os.path.join(OUT, "sari-data.json.gz"), "wb", mtime=0) as gz:
        gz.write(json.dumps(data, ensure_ascii=False).encode("utf-8"))
    sources = data["sources"]
    golden = {
        "reference": f"huggingface/evaluate v0.4.6 metrics/sari (sacrebleu {sacrebleu.__version__} 13a, sacremoses {sacremoses.__version__}); "
        f"feralvam/easse @ {EASSE_COMMIT} easse/sari.py corpus_sari (defaults)",
        "python": sys.version.split()[0],
        "sets": {},
        "cases": [],
    }
    for set_name, refs in data["references"].items():
        out = {}
        for system, preds in data["systems"].items():
            items = [hf_item(s, p, r) for s, p, r in zip(sources, preds, refs)]
            hf_value = hf_metric._compute(sources=sources, predictions=preds, references=refs)["sari"]
            fsum_value = 100 * (math.fsum(items) / len(items))
            naive = 0
            for f in items:
                naive += f
            assert 100 * (naive / len(items)) == hf_value
            easse_value, easse_ops = easse_corpus(sources, preds, refs)
            easse_items = [easse_sari.corpus_sari([s], [p], [[x] for x in r]) for s, p, r in zip(sources, preds, refs)]
            out[system] = {
                "hf": hf_value,
                "fsum": fsum_value,
                "easse": easse_value,
                "easseOps": easse_ops,
                "items": [100 * f for f in items],
                "easseItems": easse_items,
            }
            print(f"{set_name} {system}: HF {hf_value!r} fsum {fsum_value!r} EASSE {easse_value!r}", file=sys.stderr)
        golden["sets"][set_name] = out
    for case in CASES:
        c = dict(case)
        c["hf"] = hf_metric._compute(sources=case["sources"], predictions=case["predictions"], references=case["references"])["sari"]
        c["items"] = [100 * hf_item(s, p, r) for s, p, r in zip(case["sources"], case["predictions"], case["references"])]
        c["normalized"] = [[hf.normalize(s), hf.normalize(p), [hf.normalize(x) for x in r]] for s, p, r in zip(case["sources"], case["predictions"], case["references"])]
        if len({len(r) for r in case["references"]}) == 1:
            c["easse"], c["easseOps"] = easse_corpus(case["sources"], case["predictions"], case["references"])
        golden["cases"].append(c)
    with gzip.GzipFile(os.path.join(OUT, "sari-golden.json.gz"), "wb", mtime=0) as gz:
        gz.write(json.dumps(golden, ensure_ascii=False).encode("utf-8"))


if __name__ == "__main__":
    main()

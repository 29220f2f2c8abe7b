#!/usr/bin/python3
"""CIDEr-D and CIDEr goldens on real captioning data.

References and system outputs: yxuansu/MAGIC (commit acefac619035b41aaab34d02d1dc34e0a904fd93),
image_captioning/inference_result: the MS COCO Karpathy-split test images that both MAGIC and its
contrastive-search baseline captioned (4,982 of 5,000, in MAGIC's order) with their 5 reference
captions each and both systems' captions, and the 1,000 Flickr30k test images with MAGIC's captions.

The COCO pipeline is run as pycocoevalcap (salaniz/pycocoevalcap, tag v1.2, commit
ad63453cfab57a81a02b2949b17a91fab1c3df77) runs it, with its own unmodified modules:
  - tokenizer/ptbtokenizer.py: Stanford PTBTokenizer `-preserveLines -lowerCase` over all captions, then
    its punctuation removal. It calls `java -cp stanford-corenlp-3.4.1.jar`; the jar is not in the
    snapshot, so it is built on the machine from the CoreNLP v3.4.1 sources (never committed) and placed
    next to the module under that name.
  - cider/cider.py (`Cider`, CIDEr-D: n = 4, sigma = 6) on the tokenized captions.
The original CIDEr (vrama91/cider, commit f281464, pyciderevalcap/cider) is Python 2 code; it is run
under Debian's Python 3 with three textual fixes made when it is loaded (`xrange` -> `range`,
`.iteritems()` -> `.items()`, the implicit relative import) and nothing else, df mode "corpus".
Python 3 iterates dictionaries in insertion order where Python 2 used hash order, so the goldens are
the floating-point sums in n-gram order of first occurrence.

    PYCOCO=/tmp/cider-ref/pycocoevalcap VRAMA=/tmp/cider-ref/vrama91 MAGIC_GIT=/work/.mirror/yxuansu+MAGIC/repo \\
      /usr/bin/python3 tooling/references/cider/generate.py

with PYCOCO a checkout of pycocoevalcap v1.2 whose tokenizer/ holds stanford-corenlp-3.4.1.jar, and
VRAMA a checkout of vrama91/cider. Writes packages/metric-cider/test/data/cider-real.json.gz (the raw
data) and cider-golden.json.gz (the Java tokenization of every caption, each item's score and the
corpus score of both metrics), gzip with mtime 0 so that reruns give identical bytes.
"""
import os

# numpy's float64 log on CPUs with AVX512F is its own SIMD code, which differs from the C library's
# log in the last bit for about 19% of integer arguments (measured over 1..20000 with numpy 1.24.2);
# without AVX512F numpy calls the C library's log. The goldens are made with the C library's log, as
# on every machine without AVX512F; the driver then reruns the scorer with numpy's AVX512F log (in a
# subprocess, when this CPU has it) and records those corpus scores too.
AVX512 = "AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL"
if os.environ.get("CIDER_AVX512") != "1":
    os.environ["NPY_DISABLE_CPU_FEATURES"] = AVX512

import gzip
import importlib
import json
import subprocess
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "..", "packages", "metric-cider", "test", "data")
PYCOCO = os.environ.get("PYCOCO", "/tmp/cider-ref/pycocoevalcap")
VRAMA = os.environ.get("VRAMA", "/tmp/cider-ref/vrama91")
MAGIC_GIT = os.environ.get("MAGIC_GIT", "/work/.mirror/yxuansu+MAGIC/repo")
MAGIC_COMMIT = "acefac619035b41aaab34d02d1dc34e0a904fd93"
BASE = "image_captioning/inference_result/"
CORPORA = {
    "coco": {"magic": "mscoco/magic_result.json", "contrastive": "mscoco/baselines/contrastive_result.json"},
    "flickr30k": {"magic": "flickr30k/magic_result.json"},
}


def load_module(name, path, fix=None):
    src = open(path, encoding="utf-8").read()
    if fix:
        src = fix(src)
    mod = types.ModuleType(name)
    mod.__file__ = path
    sys.modules[name] = mod
    exec(compile(src, path, "exec"), mod.__dict__)
    return mod


def magic(path):
    out = subprocess.run(["git", "--git-dir", MAGIC_GIT, "show", f"{MAGIC_COMMIT}:{BASE}{path}"], check=True, capture_output=True).stdout
    return json.loads(out.decode("utf-8"))


def avx512_scores(gts, res):
    """CIDEr-D corpus and item scores with numpy's AVX512F log, or None when this CPU lacks it."""
    code = (
        "import json,sys,importlib,os;sys.path.insert(0,os.path.dirname(sys.argv[1]));"
        "import numpy.core._multiarray_umath as m;"
        "c=importlib.import_module(os.path.basename(sys.argv[1])+'.cider.cider');"
        "d=json.load(sys.stdin);g={int(k):v for k,v in d['g'].items()};r={int(k):v for k,v in d['r'].items()};"
        "s,ss=c.Cider().compute_score(g,r);"
        "print(json.dumps({'avx512f':bool(m.__cpu_features__.get('AVX512F')),'score':float(s),'scores':[float(x) for x in ss]}))"
    )
    env = {k: v for k, v in os.environ.items() if k != "NPY_DISABLE_CPU_FEATURES"}
    out = subprocess.run([sys.executable, "-c", code, PYCOCO], input=json.dumps({"g": gts, "r": res}), capture_output=True, text=True, env=env, check=True)
    got = json.loads(out.stdout)
    return got if got["avx512f"] else None


def main():
    # pycocoevalcap's modules, loaded from its package directory as they are.
    sys.path.insert(0, os.path.dirname(PYCOCO))
    pkg = os.path.basename(PYCOCO)
    ptb = importlib.import_module(f"{pkg}.tokenizer.ptbtokenizer")
    cider_d = importlib.import_module(f"{pkg}.cider.cider")

    def py2fix(src):
        return src.replace("xrange(", "range(").replace(".iteritems()", ".items()").replace("from cider_scorer import", "from vrama_cider_scorer import")

    load_module("vrama_cider_scorer", os.path.join(VRAMA, "pyciderevalcap", "cider", "cider_scorer.py"), py2fix)
    original = load_module("vrama_cider", os.path.join(VRAMA, "pyciderevalcap", "cider", "cider.py"), py2fix)

    real = {"source": {"repository": "yxuansu/MAGIC", "commit": MAGIC_COMMIT, "files": {}}, "corpora": {}}
    golden = {
        "versions": {
            "pycocoevalcap": "v1.2 (ad63453cfab57a81a02b2949b17a91fab1c3df77)",
            "vrama91/cider": "f281464 (Python 3, xrange/iteritems/import fixed at load)",
            "PTBTokenizer": "Stanford CoreNLP v3.4.1 sources (e1648b7e565114fd7ffd50f4a257ff20b2c40120), built locally",
            "python": sys.version.split()[0],
            "numpy": __import__("numpy").__version__ + " (log from the C library: AVX512F disabled)",
        },
        "corpora": {},
    }
    for corpus, systems in CORPORA.items():
        # The images every system of the corpus captioned, in the order of the first system's file.
        tables = {}
        for system, path in systems.items():
            real["source"]["files"][f"{corpus}/{system}"] = BASE + path
            tables[system] = {r["image_name"]: r for r in magic(path) if r["split"] == "test"}
        first = next(iter(tables.values()))
        ids = [i for i in first if all(i in t for t in tables.values())]
        refs = [first[i]["captions"] for i in ids]
        for t in tables.values():
            assert [t[i]["captions"] for i in ids] == refs, f"{corpus}: references differ between files"
        outs = {system: [t[i]["prediction"] for i in ids] for system, t in tables.items()}
        real["corpora"][corpus] = {"ids": ids, "refs": refs, "systems": outs}

        # The COCO pipeline: every caption through PTBTokenizer (refs and each system at once, as
        # COCOEvalCap tokenizes gts and res in two calls).
        gts = ptb.PTBTokenizer().tokenize({i: [{"caption": c} for c in refs[i]] for i in range(len(ids))})
        tok_refs = [gts[i] for i in range(len(ids))]
        entry = {"refs": tok_refs, "systems": {}}
        for system, hyps in outs.items():
            res = ptb.PTBTokenizer().tokenize({i: [{"caption": h}] for i, h in enumerate(hyps)})
            tok_hyps = [res[i][0] for i in range(len(ids))]
            score_d, scores_d = cider_d.Cider().compute_score(gts, res)
            o_res = [{"image_id": i, "caption": [tok_hyps[i]]} for i in range(len(ids))]
            score_o, scores_o = original.Cider(df="corpus").compute_score(gts, o_res)
            fast = avx512_scores(gts, res)
            entry["systems"][system] = {
                "hyps": tok_hyps,
                "ciderD": {"score": float(score_d), "scores": [float(s) for s in scores_d]},
                "ciderDAvx512": None if fast is None else {"score": fast["score"], "scores": fast["scores"]},
                "cider": {"score": float(score_o), "scores": [float(s) for s in scores_o]},
            }
            print(f"{corpus}/{system}: CIDEr-D {score_d!r} CIDEr {score_o!r}", file=sys.stderr)
        golden["corpora"][corpus] = entry

    os.makedirs(DATA, exist_ok=True)
    for name, obj in (("cider-real.json.gz", real), ("cider-golden.json.gz", golden)):
        raw = json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        with open(os.path.join(DATA, name), "wb") as f:
            with gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as z:
                z.write(raw)


if __name__ == "__main__":
    main()

"""Expected TER values of sacrebleu 2.6.0 on the conformance data.

Runs sacrebleu's own TER (`sacrebleu.metrics.ter.TER`, tag v2.6.0) on Debian's Python 3.11. sacrebleu is
not part of this repository: extract its sources to a scratch folder first (see README.md beside this
file) and put that folder on PYTHONPATH.

Per system, the statistics are sacrebleu's `_extract_corpus_statistics(hyps, ref_streams)`: the
method `corpus_score` calls, with the same reference preparation; the corpus result is
`_aggregate_and_compute(stats)` (what `corpus_score` returns without bootstrap) and a segment's result
`_aggregate_and_compute([stats[i]])` (what `sentence_score(hyp, refs)` returns: its statistics are
those of a one-line corpus). Every `CHECK_EVERY`-th line of a system and the first system of every
file are also run through the public `sentence_score` / `corpus_score` and must give the same
numbers, bit for bit.

Writes, beside this script (gzip without a timestamp, so the files are deterministic):

  normalized/<dataset>.jsonl.gz  for every `mt_*` data file: TER(normalized=True), all lines, all
                                 reference streams of the file.
  refs3/<options>.jsonl.gz       WMT22 en-de with three reference streams: A, B (the file's references)
  refs4/<options>.jsonl.gz       and C = the output of system PROMT for the same segment (`id`), and
                                 with four: A, B, C and D = the output of OpenNMT. The other seven
                                 systems are scored (lines of PROMT and OpenNMT are null), for the
                                 option sets default, normalized, no_punct, asian_support and
                                 case_sensitive.
  cases.json                     hand cases: sentence and corpus scores of small inputs (the possessive
                                 lines scored against themselves, uneven reference counts).

Each .jsonl.gz: line 1 {"meta": {...}}, then one line per data line, [num_edits, ref_length, score]
(floats as Python's repr) or null, then one line per scored system (order of first appearance):
{"system", "lines", "num_edits", "ref_length", "score", "signature"}.

Usage: PYTHONPATH=/tmp/terref /usr/bin/python3 tooling/references/ter/generate.py [../shared]
"""
import gzip
import json
import os
import sys
import time

import sacrebleu
from sacrebleu.metrics.ter import TER

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "..", "..", "shared")
DATA = os.path.join(SHARED, "conformance", "data")

MT_DATASETS = [
    "mt_sacrebleu_examples_en-ja_en-ko",
    "mt_wmt17_newstest2017_en-de",
    "mt_wmt22_generaltest2022_en-de",
    "mt_wmt22_generaltest2022_en-ja",
    "mt_wmt22_generaltest2022_en-zh",
    "mt_wmt23_generaltest2023_en-he.halfA",
]
MULTI_DATASET = "mt_wmt22_generaltest2022_en-de"
EXTRA_REFS = ["PROMT", "OpenNMT"]
OPTION_SETS = {
    "default": {},
    "normalized": {"normalized": True},
    "no_punct": {"no_punct": True},
    "asian_support": {"asian_support": True},
    "case_sensitive": {"case_sensitive": True},
}
CHECK_EVERY = 97
SYSTEMS_PER_OPTION_SET = 2

POSSESSIVES = ["The bank said it was the company's.", "They visited Standard & Poor's, then left."]


def system_key(rec):
    return (rec.get("langpair") or "") + "\t" + rec["system"]


def read(name):
    with gzip.open(os.path.join(DATA, name + ".jsonl.gz"), "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def score_system(options, hyps, streams, check_all=False):
    """Per-line [num_edits, ref_length, score] and the corpus result of one system."""
    metric = TER(**options)
    stats = metric._extract_corpus_statistics(hyps, streams)
    corpus = metric._aggregate_and_compute(stats)
    rows = []
    for i, st in enumerate(stats):
        r = metric._aggregate_and_compute([st])
        rows.append([r.num_edits, r.ref_length, r.score])
        if check_all or i % CHECK_EVERY == 0:
            refs = [s[i] for s in streams if s[i] is not None]
            p = TER(**options).sentence_score(hyps[i], refs)
            if [p.num_edits, p.ref_length, p.score] != rows[-1] or type(p.ref_length) is not type(r.ref_length):
                raise SystemExit(f"sentence_score differs on line {i}: {p.num_edits} {p.ref_length!r} {p.score!r} vs {rows[-1]}")
    if check_all:
        fresh = TER(**options)
        p = fresh.corpus_score(hyps, streams)
        if [p.num_edits, p.ref_length, p.score] != [corpus.num_edits, corpus.ref_length, corpus.score]:
            raise SystemExit(f"corpus_score differs: {p.num_edits} {p.ref_length!r} {p.score!r}")
    return rows, {
        "num_edits": corpus.num_edits,
        "ref_length": corpus.ref_length,
        "score": corpus.score,
        "signature": str(metric.get_signature()),
    }


def write(path, meta, rows, systems):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with gzip.GzipFile(path, "wb", compresslevel=9, mtime=0) as raw:
        lines = [json.dumps({"meta": meta}, ensure_ascii=False)]
        lines += [json.dumps(r, separators=(",", ":")) for r in rows]
        lines += [json.dumps(s, separators=(",", ":"), ensure_ascii=False) for s in systems]
        raw.write(("\n".join(lines) + "\n").encode("utf-8"))
    print(f"{os.path.relpath(path)}: {len(rows)} lines, {len(systems)} systems ({os.path.getsize(path)} bytes)", flush=True)


def base_meta(options):
    return {
        "tool": f"sacrebleu {sacrebleu.__version__} TER({', '.join(f'{k}={v}' for k, v in options.items())})",
        "python": sys.version.split()[0],
        "statistics": "_extract_corpus_statistics per system; corpus = _aggregate_and_compute(stats); segment = _aggregate_and_compute([stats[i]])",
    }


def normalized_files(names):
    options = {"normalized": True}
    for name in names:
        records = read(name)
        rows = [None] * len(records)
        systems = {}
        for i, rec in enumerate(records):
            systems.setdefault(system_key(rec), []).append(i)
        corpus = []
        for s, (key, idx) in enumerate(systems.items()):
            hyps = [records[i]["hyp"] for i in idx]
            width = max(len(records[i]["refs"]) for i in idx)
            streams = [[records[i]["refs"][k] if k < len(records[i]["refs"]) else None for i in idx] for k in range(width)]
            sys_rows, result = score_system(options, hyps, streams, check_all=(s == 0 and len(idx) <= 1200))
            for i, r in zip(idx, sys_rows):
                rows[i] = r
            corpus.append({"system": key, "lines": len(idx), **result})
        meta = {**base_meta(options), "dataset": name, "lines": len(records), "systems": len(corpus), "references": "every reference of each line, one stream per position"}
        write(os.path.join(HERE, "normalized", name + ".jsonl.gz"), meta, rows, corpus)


def multi_files(jobs):
    records = read(MULTI_DATASET)
    by_system = {}
    for i, rec in enumerate(records):
        by_system.setdefault(rec["system"], []).append(i)
    extra = {name: {records[i]["id"]: records[i]["hyp"] for i in by_system[name]} for name in EXTRA_REFS}
    others = [name for name in by_system if name not in EXTRA_REFS]
    for count, label in jobs:
        options = OPTION_SETS[label]
        extra_names = EXTRA_REFS[: count - 2]
        # The default options score every other system; the other option sets the first two.
        scored = others if label == "default" else others[:SYSTEMS_PER_OPTION_SET]
        if True:
            rows = [None] * len(records)
            corpus = []
            for s, name in enumerate(scored):
                idx = by_system[name]
                hyps = [records[i]["hyp"] for i in idx]
                streams = [[records[i]["refs"][k] for i in idx] for k in range(2)]
                streams += [[extra[e][records[i]["id"]] for i in idx] for e in extra_names]
                sys_rows, result = score_system(options, hyps, streams, check_all=(s == 0 and label == "default"))
                for i, r in zip(idx, sys_rows):
                    rows[i] = r
                corpus.append({"system": name, "lines": len(idx), **result})
            meta = {
                **base_meta(options),
                "dataset": MULTI_DATASET,
                "lines": len(records),
                "systems": len(corpus),
                "references": f"{count} streams: refs[0] (A), refs[1] (B)" + "".join(f", the output of {e} for the same id" for e in extra_names),
                "null_lines": f"the lines of {' and '.join(EXTRA_REFS)} (references)" + ("" if label == "default" else f" and of every system after {scored[-1]} (not scored with these options)"),
            }
            write(os.path.join(HERE, f"refs{count}", label + ".jsonl.gz"), meta, rows, corpus)


def cases():
    out = []

    def case(note, options, hyps, streams):
        metric = TER(**options)
        c = metric.corpus_score(hyps, streams)
        segs = []
        for i, h in enumerate(hyps):
            refs = [s[i] for s in streams if s[i] is not None]
            r = TER(**options).sentence_score(h, refs)
            segs.append([r.num_edits, r.ref_length, r.score])
        out.append({
            "note": note,
            "options": options,
            "hyps": hyps,
            "refs": streams,
            "segments": segs,
            "corpus": [c.num_edits, c.ref_length, c.score],
            "signature": str(metric.get_signature()),
        })

    case("possessive before punctuation, each line against itself (references are tokenized twice)", {"normalized": True}, POSSESSIVES, [POSSESSIVES])
    case("the same without normalization", {}, POSSESSIVES, [POSSESSIVES])
    case(
        "three references of 3+3+4, 1+1+1 and 1+2+2 words: the in-order float sum 10/3 + 1 + 5/3 is 6.000000000000001, the exact sum of those floats 6.0",
        {},
        ["x y", "a", "p q"],
        [["x y z", "a", "p"], ["x y w", "b", "p q"], ["x y z q", "c", "q r"]],
    )
    thirds = ["a b c d e f g", "a b", "x y z w", "a b c d e", "p q"]
    case(
        "three references of uneven lengths: the averages are thirds, summed as floats in order",
        {},
        thirds,
        [["a b c d e f", "a", "x y z", "a b c", "p"], ["a b c d", "a b c", "x y", "b c d e f g h", "q p r s"], ["a", "b a", "x y z w v", "a b c d e", "p q r"]],
    )
    case(
        "uneven reference counts (None skips a reference): divisors 1, 3, 2, 3",
        {},
        ["one two three", "four five", "six", "seven eight nine ten"],
        [["one two", "four five six", "six seven", "seven nine"], [None, "five four", None, "eight seven ten"], [None, "four", "six", "seven eight nine ten eleven"]],
    )
    path = os.path.join(HERE, "cases.json")
    with open(path, "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in out) + "\n]\n")
    print(f"cases: {len(out)} -> {os.path.relpath(path)}", flush=True)


if __name__ == "__main__":
    if sacrebleu.__version__ != "2.6.0":
        raise SystemExit(f"expected sacrebleu 2.6.0, got {sacrebleu.__version__}")
    # Parts to make (default: all): cases, multi:<3|4>:<option set>, normalized:<dataset>.
    which = sys.argv[2:] or ["cases"] + [f"multi:{c}:{o}" for c in (3, 4) for o in OPTION_SETS] + [f"normalized:{d}" for d in MT_DATASETS]
    start = time.process_time()
    if "cases" in which:
        cases()
    multi_files([(int(w.split(":")[1]), w.split(":")[2]) for w in which if w.startswith("multi:")])
    normalized_files([w.split(":", 1)[1] for w in which if w.startswith("normalized:")])
    print(f"CPU {time.process_time() - start:.0f} s", flush=True)

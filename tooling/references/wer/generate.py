"""Expected WER / CER / MER / WIL / WIP values of jiwer 3.1.0 on the conformance data.

Runs jiwer's own code (its `process_words` / `process_characters` with the default transforms
`wer_default` / `cer_default`) over rapidfuzz's pure-Python Levenshtein (`Levenshtein_py`, forced
with RAPIDFUZZ_IMPLEMENTATION=python), on Debian's Python 3.11. Neither project is part of this
repository: extract their sources to a scratch folder first (see README.md beside this file) and
put that folder on PYTHONPATH.

Writes, beside this script, one `<dataset>.jsonl.gz` per dataset:
  line 1: {"meta": {...}} (tool versions, what was compared, counts)
  then one line per data line i (0-based), hypothesis against its FIRST reference:
    [H, S, D, I, wer, mer, wil, wip, cH, cS, cD, cI, cer]   (words, then characters; floats as repr)
    or {"error": "<jiwer's ValueError message>"} when jiwer refuses the reference
  then one line per system (order of first appearance):
    {"system": key, "lines": n, "words": [H, S, D, I], "wer", "mer", "wil", "wip", "chars": [H, S, D, I], "cer"}
    computed by one process_words / process_characters call over the system's accepted lines.

Also writes cases.json: hand-written edge cases (whitespace rules, refusals, astral characters,
ties) with jiwer's counts, measures, items and alignment chunks.

Usage: RAPIDFUZZ_IMPLEMENTATION=python PYTHONPATH=/tmp/werref/src /usr/bin/python3 generate.py [../shared]
"""
import gzip
import json
import os
import sys

import jiwer
import rapidfuzz
from rapidfuzz.distance import Levenshtein

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "..", "..", "shared")
DATA = os.path.join(SHARED, "conformance", "data")

DATASETS = [
    "mt_wmt17_newstest2017_en-de",
    "mt_wmt22_generaltest2022_en-de",
    "sum_summeval",
    "robust_public",
]


# Hand-written edge cases (reference, hypothesis): jiwer's transforms and refusals.
CASES = [
    ("the cat sat on the mat", "the cat sat on the mat"),
    ("the cat sat on the mat", ""),
    ("the cat sat on the mat", "   "),
    ("", "something"),
    ("   ", "something"),
    ("\t\n", "x"),
    ("a\tb c", "a b c"),
    ("a \tb  c", "a b c"),
    ("a\u00a0b c", "a b c"),
    ("a\u00a0\u00a0b c", "a b c"),
    ("  leading and trailing  ", "leading and trailing"),
    ("x\u2028y z", "x y z"),
    ("emoji 😀 here", "emoji 😀 there"),
    ("𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "𝔘𝔫𝔦𝔠𝔬𝔡"),
    ("a b c d e f", "f e d c b a"),
    ("a a a b b b", "b b b a a a"),
    ("one two three four", "one three two four five"),
    ("x", "y z w"),
    ("abc abc abc", "abc"),
    ("\u200bzero width", "zero width"),
    ("NFC é", "NFC e\u0301"),
]


def system_key(rec):
    return (rec.get("langpair") or "") + "\t" + rec["system"]


def counts(out):
    return [out.hits, out.substitutions, out.deletions, out.insertions]


def main():
    impl = Levenshtein.opcodes.__module__
    if not impl.endswith("_py"):
        raise SystemExit(f"expected rapidfuzz's pure-Python Levenshtein, got {impl}; set RAPIDFUZZ_IMPLEMENTATION=python")
    for name in DATASETS:
        with gzip.open(os.path.join(DATA, name + ".jsonl.gz"), "rt", encoding="utf-8") as f:
            records = [json.loads(line) for line in f if line.strip()]
        rows = []
        systems = {}
        refused = 0
        for rec in records:
            hyp, ref = rec["hyp"], rec["refs"][0]
            try:
                w = jiwer.process_words(ref, hyp)
                c = jiwer.process_characters(ref, hyp)
            except ValueError as e:
                rows.append({"error": str(e)})
                refused += 1
                continue
            rows.append(counts(w) + [w.wer, w.mer, w.wil, w.wip] + counts(c) + [c.cer])
            systems.setdefault(system_key(rec), []).append((ref, hyp))
        corpus = []
        for key, pairs in systems.items():
            refs = [r for r, _ in pairs]
            hyps = [h for _, h in pairs]
            w = jiwer.process_words(refs, hyps)
            c = jiwer.process_characters(refs, hyps)
            corpus.append({"system": key, "lines": len(pairs), "words": counts(w), "wer": w.wer, "mer": w.mer, "wil": w.wil, "wip": w.wip, "chars": counts(c), "cer": c.cer})
        meta = {
            "tool": "jiwer 3.1.0 (process_words with wer_default, process_characters with cer_default)",
            "levenshtein": f"rapidfuzz {rapidfuzz.__version__} {impl}",
            "python": sys.version.split()[0],
            "dataset": name,
            "reference": "the first reference of each line",
            "lines": len(records),
            "refused": refused,
            "systems": len(corpus),
            "corpus": "per system: one process_words / process_characters call over its lines whose reference jiwer accepts",
        }
        out = os.path.join(HERE, name + ".jsonl.gz")
        with gzip.GzipFile(out, "wb", compresslevel=9, mtime=0) as raw:
            lines = [json.dumps({"meta": meta}, ensure_ascii=False)]
            lines += [json.dumps(r, separators=(",", ":")) for r in rows]
            lines += [json.dumps(s, separators=(",", ":"), ensure_ascii=False) for s in corpus]
            raw.write(("\n".join(lines) + "\n").encode("utf-8"))
        print(f"{name}: {len(records)} lines, {refused} refused, {len(corpus)} systems -> {os.path.relpath(out)} ({os.path.getsize(out)} bytes)")


def cases():
    out = []
    for ref, hyp in CASES:
        row = {"ref": ref, "hyp": hyp}
        try:
            w = jiwer.process_words(ref, hyp)
            row["words"] = counts(w) + [w.wer, w.mer, w.wil, w.wip]
            row["refTokens"], row["hypTokens"] = w.references[0], w.hypotheses[0]
            row["chunks"] = [[a.type, a.ref_start_idx, a.ref_end_idx, a.hyp_start_idx, a.hyp_end_idx] for a in w.alignments[0]]
        except ValueError as e:
            row["words"] = {"error": str(e)}
        try:
            c = jiwer.process_characters(ref, hyp)
            row["chars"] = counts(c) + [c.cer]
        except ValueError as e:
            row["chars"] = {"error": str(e)}
        out.append(row)
    path = os.path.join(HERE, "cases.json")
    with open(path, "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in out) + "\n]\n")
    print(f"cases: {len(out)} -> {os.path.relpath(path)}")


if __name__ == "__main__":
    cases()
    main()

"""What sacrebleu 2.6.0 and NLTK 3.8 give for the anchor calls of the root README's table.

The README's "Coming from Python" table maps each library's call to gramscore's; this script runs the
rows whose library runs here (sacrebleu's Python API and command line, NLTK's BLEU, GLEU and NIST) on
the README's example and writes `anchors.json` beside itself: `{"tool", "rows": [{"anchor", "value"}]}`,
`anchor` being the row's first cell exactly. `tooling/test/dropin-table.test.ts` checks that the
gramscore call of each such row gives `value` to the last bit.

Run with Debian's Python (see README.md beside this file for sacrebleu's sources):
  PYTHONPATH=<folder with sacrebleu/> /usr/bin/python3 tooling/references/dropin/generate.py
"""
import json
import os
import subprocess
import sys
import tempfile

import nltk
import sacrebleu
from nltk.translate.bleu_score import corpus_bleu
from nltk.translate.gleu_score import corpus_gleu
from nltk.translate.nist_score import corpus_nist
from sacrebleu.metrics import BLEU, TER

hyps = ["The cat sat on the mat.", "It is raining heavily today."]
refs = [["The cat is sitting on the mat.", "It rains heavily today."]]
hyp, ref = hyps[0], refs[0][0]

rows = [
    ("sacrebleu.corpus_bleu(hyps, refs).score", sacrebleu.corpus_bleu(hyps, refs).score),
    ("sacrebleu.sentence_bleu(hyp, [ref]).score", sacrebleu.sentence_bleu(hyp, [ref]).score),
    ('BLEU(tokenize="intl", lowercase=True).corpus_score(hyps, refs).score', BLEU(tokenize="intl", lowercase=True).corpus_score(hyps, refs).score),
    ("sacrebleu.corpus_chrf(hyps, refs, word_order=2).score", sacrebleu.corpus_chrf(hyps, refs, word_order=2).score),
    ("TER(case_sensitive=True).corpus_score(hyps, refs).score", TER(case_sensitive=True).corpus_score(hyps, refs).score),
    (
        "nltk.translate.bleu_score.corpus_bleu([[r.split()] for r in refs[0]], [h.split() for h in hyps])",
        corpus_bleu([[r.split()] for r in refs[0]], [h.split() for h in hyps]),
    ),
    (
        "nltk.translate.gleu_score.corpus_gleu([[r.split()] for r in refs[0]], [h.split() for h in hyps])",
        corpus_gleu([[r.split()] for r in refs[0]], [h.split() for h in hyps]),
    ),
    (
        "nltk.translate.nist_score.corpus_nist([[r.split()] for r in refs[0]], [h.split() for h in hyps], n=4)",
        corpus_nist([[r.split()] for r in refs[0]], [h.split() for h in hyps], n=4),
    ),
]

# The command line: stdout lines joined by "; ", as the README's table shows them.
with tempfile.TemporaryDirectory() as d:
    with open(os.path.join(d, "ref.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(refs[0]) + "\n")
    with open(os.path.join(d, "hyp.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(hyps) + "\n")
    argv = ["ref.txt", "-i", "hyp.txt", "-m", "bleu", "chrf", "ter", "-b", "-f", "text"]
    out = subprocess.run([sys.executable, "-m", "sacrebleu", *argv], cwd=d, capture_output=True, text=True, check=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    cli = "; ".join(out.stdout.rstrip("\n").split("\n"))

data = {
    "tool": {"sacrebleu": sacrebleu.__version__, "nltk": nltk.__version__, "python": sys.version.split()[0]},
    "rows": [{"anchor": a, "value": float(v)} for a, v in rows],
    "commands": [{"anchor": "sacrebleu ref.txt -i hyp.txt -m bleu chrf ter -b -f text", "stdout": cli}],
}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "anchors.json"), "w", encoding="utf-8") as f:
    json.dump(data, f, indent=1)
    f.write("\n")

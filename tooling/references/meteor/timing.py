#!/usr/bin/python3
"""Speed of NLTK 3.8's METEOR for tooling/bench/references.mjs: meteor_score over the first system of
WMT17 en-de (3,004 segments, str.split() tokens, WordNet 3.0 from /usr/share/wordnet), and over all
1,600 SummEval lines (English, 11 references), in segments per CPU second of this process (the
machine is shared), median of 3 runs after one warm-up run (which loads WordNet and fills NLTK's
synset cache).

    /usr/bin/python3 tooling/references/meteor/timing.py [../shared]
"""
import gzip
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402
from nltk.translate.meteor_score import meteor_score  # noqa: E402


def main():
    wn = generate.load_wordnet()
    for name, limit in (("mt_wmt17_newstest2017_en-de", 3004), ("sum_summeval", 1600)):
        measure(wn, name, limit)
    print("load average: %s" % (os.getloadavg(),))


def measure(wn, name, limit):
    with gzip.open(os.path.join(generate.CONF, "data", name + ".jsonl.gz"), "rt", encoding="utf-8") as f:
        records = [json.loads(line) for _, line in zip(range(limit), f)]
    pairs = [([r.split() for r in rec["refs"]], rec["hyp"].split()) for rec in records]

    def run():
        return sum(meteor_score(refs, hyp, wordnet=wn) for refs, hyp in pairs)

    run()
    cpu = []
    wall = []
    for _ in range(3):
        c, w = time.process_time(), time.perf_counter()
        total = run()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    print("%s: mean %.10f; cpu s %s; wall s %s" % (name, total / len(pairs), [round(x, 2) for x in cpu], [round(x, 2) for x in wall]))
    print("%s: segments per CPU second: %.0f (median)" % (name, len(pairs) / statistics.median(cpu)))


if __name__ == "__main__":
    main()

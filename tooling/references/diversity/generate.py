#!/usr/bin/python3
"""Diversity goldens: distinct-n and Self-BLEU computed by the public code that defines each variant,
on Debian's Python 3.11 with Debian's python3-nltk 3.8-1.

- distinct (corpus): microsoft/DialoGPT @ 61194e44363a48b4cb323752a4bbb33c8a84a8a4, `dstc/metrics.py`
  `calc_diversity(path_hyp)` (distinct 1- and 2-grams of the whole file / all its 1- and 2-grams,
  `str.split()` tokens), run on a temporary file with one text per line.
- distinct (mean): neural-dialogue-metrics/Distinct-N @ e94edcb2e1d2230ff9e0f1821387d7f6d7af0c4f,
  `distinct_n/metrics.py` `distinct_n_corpus_level(sentences, n)` (mean over texts of distinct
  n-grams / tokens), on `str.split()` tokens, n = 1..4.
- Self-BLEU (Texygen): geek-ai/Texygen @ 3104e22ac75f3cc2070da2bf5e2da6d2bef149ad,
  `utils/metrics/SelfBleu.py` `get_bleu_parallel` (NLTK `sentence_bleu` of each text against all
  the others, weights 1/gram, `SmoothingFunction().method1`, sum in order / count), here without
  its process pool. Texygen tokenizes with `nltk.word_tokenize`, whose Punkt model Debian does not
  package; the driver tokenizes with `word_tokenize(text, preserve_line=True)` (NLTK's
  `NLTKWordTokenizer` on the whole line, no sentence split), which gramscore's `treebank` reproduces.
- Self-BLEU (sacrebleu): sacrebleu 2.6.0 (mjpost/sacrebleu tag v2.6.0, on PYTHONPATH with a
  `sacrebleu/version.py`): sentence level, `BLEU(effective_order=True, smooth_method=m)
  .sentence_score(text, others)` averaged with `sum(...) / len(...)`, m = exp and none; corpus level,
  `BLEU(smooth_method=m).corpus_score(texts, streams)` where stream k holds the k-th other text of
  every text.

Texts: the hypotheses of real system outputs of the shared conformance data, one set per system:
SummEval (16 summarizers x 100 documents), the first 150 documents of the 3 pointer-generator
CNN/DailyMail systems, and the first 200 segments of the first two WMT22 en-de submissions. In
each text, `\\r` and `\\n` become spaces (the DialoGPT script reads one text per line).

    mkdir -p /tmp/sb /tmp/dn /tmp/dg /tmp/tx
    git --git-dir=<sacrebleu mirror> archive v2.6.0 sacrebleu | tar x -C /tmp/sb
    echo '__version__ = "2.6.0"' > /tmp/sb/sacrebleu/version.py
    git --git-dir=<Distinct-N mirror> archive e94edcb distinct_n | tar x -C /tmp/dn
    git --git-dir=<DialoGPT mirror> archive 61194e4 dstc/metrics.py dstc/util.py | tar x -C /tmp/dg
    git --git-dir=<Texygen mirror> archive 3104e22 utils/metrics/SelfBleu.py utils/metrics/Metrics.py | tar x -C /tmp/tx
    PYTHONPATH=/tmp/sb:/tmp/dn:/tmp/dg/dstc:/tmp/tx /usr/bin/python3 tooling/references/diversity/generate.py ../shared

Writes packages/metric-diversity/test/data/diversity-golden.json.gz.
"""
import gzip
import json
import os
import sys
import tempfile

import nltk
from nltk.tokenize import word_tokenize
from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu

import metrics as dialogpt  # DialoGPT dstc/metrics.py
import sacrebleu
from sacrebleu.metrics import BLEU
from distinct_n.metrics import distinct_n_corpus_level, distinct_n_sentence_level

SHARED = sys.argv[1] if len(sys.argv) > 1 else os.path.join("..", "shared")
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "..", "packages", "metric-diversity", "test", "data", "diversity-golden.json.gz")

SETS = [("sum_summeval", None, None), ("sum_cnndm_ptrgen_public", None, 150), ("mt_wmt22_generaltest2022_en-de", 2, 200)]


def load_sets():
    out = []
    for dataset, max_systems, max_items in SETS:
        groups = {}
        with gzip.open(os.path.join(SHARED, "conformance", "data", dataset + ".jsonl.gz"), "rt", encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                groups.setdefault(r["system"], []).append(r["hyp"].replace("\r", " ").replace("\n", " "))
        systems = list(groups)[: max_systems or len(groups)]
        for s in systems:
            texts = groups[s][: max_items or len(groups[s])]
            out.append({"dataset": dataset, "system": s, "texts": texts})
    return out


def texygen_self_bleu(tokens, gram):
    """Texygen's get_bleu_parallel without the pool: same calls, same order of the sum."""
    weight = tuple((1.0 / gram for _ in range(gram)))
    scores = []
    for index in range(len(tokens)):
        hypothesis = tokens[index]
        other = tokens[:index] + tokens[index + 1:]
        scores.append(sentence_bleu(other, hypothesis, weight, smoothing_function=SmoothingFunction().method1))
    score = 0.0
    cnt = 0
    for s in scores:
        score += s
        cnt += 1
    return score / cnt, scores


def sacrebleu_self_bleu(texts, smooth):
    bleu = BLEU(effective_order=True, smooth_method=smooth)
    scores = [bleu.sentence_score(t, texts[:i] + texts[i + 1:]).score for i, t in enumerate(texts)]
    corpus_bleu = BLEU(smooth_method=smooth)
    others = [texts[:i] + texts[i + 1:] for i in range(len(texts))]
    streams = [[others[i][k] for i in range(len(texts))] for k in range(len(texts) - 1)]
    corpus = corpus_bleu.corpus_score(texts, streams).score
    return sum(scores) / len(scores), scores, corpus


def main():
    items = []
    for entry in load_sets():
        texts = entry["texts"]
        split = [t.split() for t in texts]
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
            for t in texts:
                f.write(t + "\n")
            path = f.name
        try:
            div1, div2 = dialogpt.calc_diversity(path)
        finally:
            os.unlink(path)
        tok = [word_tokenize(t, preserve_line=True) for t in texts]
        item = {
            **entry,
            "distinctCorpus": {"1": div1, "2": div2},
            "distinctMean": {str(n): distinct_n_corpus_level(split, n) for n in (1, 2, 3, 4)},
            "distinctSentence": {str(n): [distinct_n_sentence_level(s, n) for s in split] for n in (1, 2)},
            "selfBleuTexygen": {},
            "selfBleuSacrebleu": {},
        }
        for gram in (2, 3, 4):
            mean, scores = texygen_self_bleu(tok, gram)
            item["selfBleuTexygen"][str(gram)] = {"score": mean, "scores": scores}
        for smooth in ("exp", "none"):
            mean, scores, corpus = sacrebleu_self_bleu(texts, smooth)
            item["selfBleuSacrebleu"][smooth] = {"score": mean, "scores": scores, "corpus": corpus}
        items.append(item)
        print(entry["dataset"], entry["system"], len(texts), item["selfBleuTexygen"]["3"]["score"], file=sys.stderr)
    golden = {
        "tools": {
            "python": sys.version.split()[0],
            "nltk": nltk.__version__ + " (Debian python3-nltk 3.8-1)",
            "sacrebleu": sacrebleu.__version__ + " (mjpost/sacrebleu v2.6.0)",
            "DialoGPT": "microsoft/DialoGPT@61194e44363a48b4cb323752a4bbb33c8a84a8a4 dstc/metrics.py calc_diversity",
            "Distinct-N": "neural-dialogue-metrics/Distinct-N@e94edcb2e1d2230ff9e0f1821387d7f6d7af0c4f distinct_n/metrics.py",
            "Texygen": "geek-ai/Texygen@3104e22ac75f3cc2070da2bf5e2da6d2bef149ad utils/metrics/SelfBleu.py get_bleu_parallel",
            "tokenization": "distinct: str.split(); Texygen: nltk word_tokenize(text, preserve_line=True); sacrebleu: 13a",
        },
        "items": items,
    }
    with gzip.open(OUT, "wt", encoding="utf-8", compresslevel=9) as f:
        json.dump(golden, f, ensure_ascii=False)
    print("wrote", OUT, len(items), "sets", file=sys.stderr)


if __name__ == "__main__":
    main()

// Speeds of the reference implementations, for the "× reference" column of `pnpm bench`. Scoring
// only (process start and file reading excluded), segments per second, on a 2-core machine of the
// class CI runs on. They are constants because the references are Python programs that a fresh
// machine cannot install (PyPI is not reachable from it); README.md says how they were measured.

/** @typedef {{ label: string, segmentsPerSecond: number, data: string }} ReferenceSpeed */

/** @type {Record<string, ReferenceSpeed>} */
export const REFERENCE_SPEEDS = {
  // The published table (3,000 segments of about 25 words, one reference each).
  "sacrebleu-corpus-bleu": { label: "sacrebleu 2.6.0 corpus BLEU", segmentsPerSecond: 10_000, data: "3,000 segments of ~25 words" },
  "sacrebleu-sentence-bleu": { label: "sacrebleu corpus + sentence BLEU", segmentsPerSecond: 5_000, data: "3,000 segments of ~25 words" },
  "sacrebleu-chrf": { label: "sacrebleu chrF", segmentsPerSecond: 4_000, data: "3,000 segments of ~25 words" },
  // rouge-score 0.1.2 (Python 3.11.2, nltk 3.8, numpy 1.24.2), measured on 2026-11-21 on this
  // machine class: `RougeScorer(types, use_stemmer).score(ref, hyp)` over every segment, median of 3.
  "rouge-score-wmt17-stem": { label: "rouge-score rouge1/2/L stem", segmentsPerSecond: 2_472, data: "WMT17 en-de, first 3,004 segments" },
  "rouge-score-wmt17": { label: "rouge-score rouge1/2/L", segmentsPerSecond: 6_384, data: "WMT17 en-de, first 3,004 segments" },
  "rouge-score-cnndm-stem": { label: "rouge-score rouge1/2/L stem", segmentsPerSecond: 682, data: "CNN/DailyMail, 17,553 segments" },
  "rouge-score-cnndm-lsum-stem": { label: "rouge-score rougeLsum stem", segmentsPerSecond: 742, data: "CNN/DailyMail, 17,553 segments" },
  "rouge-score-cnndm-hf": { label: "rouge-score rouge1/2/L/Lsum", segmentsPerSecond: 703, data: "CNN/DailyMail, 17,553 segments" },
  // sacrebleu 2.6.0's paired tests (numpy 1.24.2, Debian Python 3.11.2), measured once on 2026-11-25 by
  // tooling/significance/sacrebleu-paired-timing.py: PairedTest over 5 systems x 3 metrics (BLEU, chrF2,
  // chrF2++) of WMT22 en-de, n_jobs=1, seed 12345; items are system-segments (5 x 2,037 = 10,185).
  // The machine was shared (load average 17-50 on 2 cores: 276 s / 271 s wall), so the rates are per
  // CPU second of the process: bs 17.04 s, ar 34.60 s.
  "sacrebleu-paired-bs": { label: "sacrebleu --paired-bs", segmentsPerSecond: 598, data: "WMT22 en-de, 5 systems x 3 metrics, 1,000 resamples" },
  "sacrebleu-paired-ar": { label: "sacrebleu --paired-ar", segmentsPerSecond: 294, data: "WMT22 en-de, 5 systems x 3 metrics, 10,000 trials" },
  // sacrebleu 2.6.0 TER (Python 3.11.7), measured on 2026-11-25 on this machine class:
  // `TER().corpus_score(hyps, [refs])` over the first system of WMT17 en-de, median of 3 runs, the
  // tokenizer's lru_cache cleared before each; CPU seconds of the process (the machine was shared,
  // load average 20-90, so wall time was meaningless).
  "sacrebleu-ter-wmt17": { label: "sacrebleu 2.6.0 TER", segmentsPerSecond: 518, data: "WMT17 en-de, first 3,004 segments" },
  // jiwer 3.1.0 over rapidfuzz 3.14.5's pure-Python Levenshtein (the C++ rapidfuzz jiwer normally uses
  // cannot be installed here), Debian Python 3.11.2, measured on 2026-11-25 by
  // tooling/references/wer/timing.py: process_words / process_characters over the first system of
  // WMT17 en-de, median of 3; CPU seconds of the process (load average about 16 on 2 cores).
  "jiwer-wer-wmt17": { label: "jiwer 3.1.0 WER (pure-Python rapidfuzz)", segmentsPerSecond: 12_255, data: "WMT17 en-de, first 3,004 segments" },
  "jiwer-cer-wmt17": { label: "jiwer 3.1.0 CER (pure-Python rapidfuzz)", segmentsPerSecond: 2_884, data: "WMT17 en-de, first 3,004 segments" },
  // HF evaluate v0.4.6's squad and squad_v2 `_compute` (the official scripts), Debian Python 3.11.2,
  // measured on 2026-11-27 by tooling/references/squad/timing.py on packages/metric-squad's golden data
  // repeated 20 times; CPU seconds of the process, median of 3 (2 cores shared with other builds).
  "hf-squad": { label: "HF evaluate squad (official v1.1 script)", segmentsPerSecond: 17_892, data: "SQuAD 1.1 dev, 4 systems x 238 questions, x20" },
  "hf-squad-v2": { label: "HF evaluate squad_v2 (official v2.0 script)", segmentsPerSecond: 28_375, data: "SQuAD 2.0 dev, 500 questions, x20" },
  // Self-BLEU references (Debian's Python 3.11.2, python3-nltk 3.8-1, sacrebleu 2.6.0), measured on
  // 2026-11-27 by tooling/references/diversity/timing.py: each text against the 499 others of the first
  // 500 pointer-gen CNN/DailyMail summaries (Texygen's sample size); one run each, CPU seconds of the
  // process (2 cores shared with other builds): Texygen Self-BLEU-3 9.77 s, sacrebleu 28.50 s. Both grow
  // with the square of the texts (the rates hold for 500 texts only).
  "texygen-self-bleu-500": { label: "Texygen Self-BLEU-3 (NLTK 3.8)", segmentsPerSecond: 51.2, data: "CNN/DailyMail pointer-gen, 500 summaries" },
  "sacrebleu-self-bleu-500": { label: "sacrebleu 2.6.0 sentence Self-BLEU", segmentsPerSecond: 17.5, data: "CNN/DailyMail pointer-gen, 500 summaries" },
  // pycocoevalcap v1.2's Cider (CIDEr-D), Debian Python 3.11.2 and numpy 1.24.2 (the C library's log),
  // measured on 2026-11-27 by tooling/references/cider/timing.py: Cider().compute_score on the 4,982
  // PTB-tokenized COCO Karpathy-test images of MAGIC's captions, median of 3; CPU seconds of the process
  // (4.11 s at load average 16; 4.25 s in a second run at load average 44).
  "pycocoevalcap-cider": { label: "pycocoevalcap 1.2 Cider (CIDEr-D)", segmentsPerSecond: 1_211, data: "COCO Karpathy test, 4,982 images x 5 references, tokenized" },
  // HF evaluate v0.4.6's character `_compute` (cer 1.2.0 over Debian's python-Levenshtein 0.12.2 behind
  // a sequence shim), torchmetrics v1.9.0's extended_edit_distance (torch 1.13) and rwth-i6's EED scorer
  // (EED.py's eed() over EED.cpp built with g++ 12.2 -O2, util.preprocess per line), Debian Python
  // 3.11.2, measured on 2026-11-27 by tooling/references/character/timing.py and
  // tooling/references/eed/timing.py on the first system of WMT17 en-de; CPU seconds of the process,
  // median of 3 (2 cores shared with other builds, load average 17-40).
  "hf-character": { label: "HF evaluate character (cer 1.2.0)", segmentsPerSecond: 4_720, data: "WMT17 en-de, first 3,004 segments" },
  "torchmetrics-eed": { label: "torchmetrics 1.9.0 extended_edit_distance", segmentsPerSecond: 183, data: "WMT17 en-de, first 3,004 segments" },
  "rwth-eed-cpp": { label: "rwth-i6 EED scorer (C++ via ctypes)", segmentsPerSecond: 2_840, data: "WMT17 en-de, first 3,004 segments" },
  // Whole processes (issue 15), measured on 2026-11-25 on this machine class: the reference tools' command
  // lines on WMT17 en-de as sacrebleu's files (ref.txt and 16 hypothesis files, 48,064 segments),
  // Debian's Python 3.11.2, CPU time (user + system, /usr/bin/time) of the whole process, median of 3
  // (TER: one run). The machine was shared (load average 3-17), so the rates are per CPU second:
  // `python3 -m sacrebleu ref.txt -i sys0.txt ... sys15.txt -m bleu` 3.80 / 3.91 / 4.01 s,
  // `-m chrf` 8.46 / 8.84 / 9.06 s, `-m ter` 106.7 s (733 s wall); rouge-score 0.1.2 through a script
  // that reads the same files and calls RougeScorer(["rouge1", "rouge2", "rougeL"], use_stemmer=True)
  // .score(ref, hyp) on every segment: 15.19 / 15.73 / 17.16 s. Compared with `suites/e2e.mjs`.
  "sacrebleu-cli-bleu-wmt17": { label: "sacrebleu 2.6.0 CLI -m bleu", segmentsPerSecond: 12_293, data: "WMT17 en-de, 16 systems, whole process" },
  "sacrebleu-cli-chrf-wmt17": { label: "sacrebleu 2.6.0 CLI -m chrf", segmentsPerSecond: 5_437, data: "WMT17 en-de, 16 systems, whole process" },
  "sacrebleu-cli-ter-wmt17": { label: "sacrebleu 2.6.0 CLI -m ter", segmentsPerSecond: 450, data: "WMT17 en-de, 16 systems, whole process" },
  "rouge-score-cli-wmt17-stem": { label: "rouge-score 0.1.2 rouge1/2/L stem", segmentsPerSecond: 3_056, data: "WMT17 en-de, 16 systems, whole process" },
  // openai/whisper v20250625's normalizers (Debian's Python 3.11.2, regex 2022.10.31), measured on
  // 2026-11-27 by tooling/references/whisper/timing.py: BasicTextNormalizer() / EnglishTextNormalizer()
  // over every distinct hypothesis and reference of SummEval (2,646 strings), median of 3, CPU seconds
  // of the process (the machine was shared, load average about 45 on 2 cores).
  // HF evaluate v0.4.6's sari `_compute` (sacrebleu 2.6.0's 13a with its lru_cache) and EASSE's corpus_sari
  // (feralvam/easse @ 6a4352e, defaults), Debian's Python 3.11.2, measured on 2026-11-27 by
  // tooling/references/sari/timing.py on packages/metric-sari's golden data (21 systems x 359 items x 2
  // reference sets = 15,078 items): HF 14.84 CPU s, EASSE 29.21 CPU s, median of 3, CPU seconds of the
  // process (the machine was shared, load average about 15 on 2 cores).
  "hf-sari": { label: "HF evaluate sari", segmentsPerSecond: 1_016, data: "TurkCorpus/ASSET test, 21 systems x 359 x 2 reference sets" },
  "easse-sari": { label: "EASSE corpus_sari", segmentsPerSecond: 516, data: "TurkCorpus/ASSET test, 21 systems x 359 x 2 reference sets" },
  "whisper-basic-summeval": { label: "whisper BasicTextNormalizer", segmentsPerSecond: 30_151, data: "SummEval, 2,646 distinct strings" },
  "whisper-en-summeval": { label: "whisper EnglishTextNormalizer", segmentsPerSecond: 3_721, data: "SummEval, 2,646 distinct strings" },
  // NLTK 3.8 (Debian's python3-nltk, Python 3.11.2), measured on 2026-11-25 by
  // tooling/references/timing.py: corpus_gleu / sentence_gleu / corpus_nist / sentence_nist over the
  // first system of WMT17 en-de on str.split() tokens, median of 3 runs, CPU seconds of the process
  // (the machine was shared, load average 12-19).
  "nltk-gleu-wmt17": { label: "NLTK 3.8 corpus_gleu", segmentsPerSecond: 20_611, data: "WMT17 en-de, first 3,004 segments" },
  "nltk-sentence-gleu-wmt17": { label: "NLTK 3.8 sentence_gleu", segmentsPerSecond: 23_350, data: "WMT17 en-de, first 3,004 segments" },
  "nltk-nist-wmt17": { label: "NLTK 3.8 corpus_nist", segmentsPerSecond: 3_635, data: "WMT17 en-de, first 3,004 segments" },
  "nltk-sentence-nist-wmt17": { label: "NLTK 3.8 sentence_nist", segmentsPerSecond: 11_473, data: "WMT17 en-de, first 3,004 segments" },
  // NLTK 3.8 METEOR (Debian's Python 3.11.2), measured on 2026-11-25 by tooling/references/meteor/timing.py:
  // meteor_score([ref.split()], hyp.split(), wordnet=WordNet 3.0) over the first system of WMT17 en-de,
  // median of 3 runs after a warm-up; CPU seconds of the process (0.81-0.86 s; load average 24, wall 5.5-7.1 s).
  "nltk-meteor-wmt17": { label: "NLTK 3.8 METEOR", segmentsPerSecond: 3578, data: "WMT17 en-de, first 3,004 segments" },
  // The same script over all 1,600 SummEval lines (English, 11 references of ~60 words): 24.3-29.5 CPU s
  // per run (load average 20-22; wall 106-211 s).
  "nltk-meteor-summeval": { label: "NLTK 3.8 METEOR", segmentsPerSecond: 56, data: "SummEval, 1,600 segments, 11 references" },
  // MeCab 0.996 (Debian's mecab 0.996-14) `mecab -Owakati` with the reference IPADIC (sys.dic sha256
  // 2409d7ab…, as sacrebleu's ja-mecab) on every hypothesis and reference of WMT22 en-ja, stripped, one
  // per line (52,962 lines, 6.85 MB), measured on 2026-11-27 on one core: 1.49-1.58 CPU s per run
  // (user + sys, median 1.55; load average 39), process start and output writing included.
  "mecab-wakati-wmt22-en-ja": { label: "MeCab 0.996 -Owakati", segmentsPerSecond: 17_100, data: "WMT22 en-ja, 26,481 segments (hyp + 1 ref)" },
  // The published table: ROUGE-1.5.5.pl.
  "rouge155-perl": { label: "ROUGE-1.5.5 (Perl)", segmentsPerSecond: 300, data: "3,000 segments of ~25 words" },
};

/** The speed of reference `key`; throws for an unknown key (a typo in a suite). */
export function referenceSpeed(key) {
  const r = REFERENCE_SPEEDS[key];
  if (r === undefined) throw new Error(`bench: unknown reference speed "${key}"; known: ${Object.keys(REFERENCE_SPEEDS).join(", ")}`);
  return r;
}

"""SentencePiece models and oracle outputs for @gramscore/tokenizer-sentencepiece.

Trains small SentencePiece models with Debian's `spm_train` (sentencepiece 0.1.97) on text sampled from
the conformance data, then encodes every hypothesis and reference of every conformance data file
with Debian's `spm_encode --output_format=piece` and records, per (model, data file), the number of
texts and the SHA-256 of the output (one line per text, each ending in "\n", in file order: for each
record its `hyp`, then its `refs` in order).

`spm_encode` reads one line per text, so a text holding "\n" cannot go through it: those few texts are
encoded with Debian's Python binding (python3-sentencepiece, the same libsentencepiece0 0.1.97 and the
call sacrebleu makes: `EncodeAsPieces`), and the binding is checked against `spm_encode` on every
other text first. The counts of both kinds are written to oracle.json.

Writes, beside this script: models/<name>.model (committed), oracle.json (committed).
The conformance text itself is not copied.

Usage: apt-get install -y sentencepiece python3-sentencepiece
       /usr/bin/python3 generate.py [path/to/shared]
"""
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys

import sentencepiece

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "..", "..", "shared")
DATA = os.path.join(SHARED, "conformance", "data")

# name -> spm_train flags (besides --input and --model_prefix). Small vocabularies keep the files small;
# most of each file is nmt_nfkc's precompiled character map.
MODELS = {
    "unigram-nmt_nfkc": ["--model_type=unigram", "--vocab_size=3000", "--character_coverage=0.98", "--normalization_rule_name=nmt_nfkc"],
    "bpe-nmt_nfkc": ["--model_type=bpe", "--vocab_size=2500", "--character_coverage=0.98", "--normalization_rule_name=nmt_nfkc"],
    "unigram-bytes-user": [
        "--model_type=unigram", "--vocab_size=3000", "--character_coverage=0.98", "--normalization_rule_name=nmt_nfkc", "--byte_fallback=true",
        "--user_defined_symbols=<sep>,@@,ing▁", "--split_digits=true",
    ],
    "bpe-bytes-nfkc_cf": ["--model_type=bpe", "--vocab_size=3000", "--character_coverage=0.98", "--normalization_rule_name=nfkc_cf", "--byte_fallback=true"],
    "char-identity": ["--model_type=char", "--character_coverage=0.98", "--normalization_rule_name=identity", "--vocab_size=2000", "--hard_vocab_limit=false"],
    "word-nmt_nfkc": ["--model_type=word", "--vocab_size=4000", "--character_coverage=0.98", "--normalization_rule_name=nmt_nfkc", "--hard_vocab_limit=false"],
}


def data_files():
    return sorted(f for f in os.listdir(DATA) if f.endswith(".jsonl.gz"))


def texts(path):
    """Every hypothesis and reference of a data file, in order (records without text are skipped)."""
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            if not isinstance(rec.get("hyp"), str) or not isinstance(rec.get("refs"), list):
                continue
            out.append(rec["hyp"])
            out.extend(rec["refs"])
    return out


def training_text(tmp):
    """Every 7th distinct single-line text of every data file (all languages), at most 6000 a file."""
    path = os.path.join(tmp, "train.txt")
    with open(path, "w", encoding="utf-8") as out:
        for name in data_files():
            seen = set()
            picked = 0
            for i, t in enumerate(texts(os.path.join(DATA, name))):
                if "\n" in t or "\r" in t or t in seen:
                    continue
                seen.add(t)
                if len(seen) % 7 == 0 and picked < 6000:
                    out.write(t + "\n")
                    picked += 1
    return path


def spm_encode(model, lines, tmp):
    src = os.path.join(tmp, "in.txt")
    with open(src, "w", encoding="utf-8", newline="\n") as f:
        for t in lines:
            f.write(t + "\n")
    out = subprocess.run(["spm_encode", f"--model={model}", "--output_format=piece", f"--input={src}"], check=True, capture_output=True).stdout
    result = out.decode("utf-8").split("\n")
    assert result[-1] == "" and len(result) == len(lines) + 1, (model, len(result), len(lines))
    return result[:-1]


def main():
    os.makedirs(os.path.join(HERE, "models"), exist_ok=True)
    version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "sentencepiece"], capture_output=True, text=True).stdout
    oracle = {"meta": {"tool": "spm_encode --output_format=piece", "sentencepiece": version, "python_binding": sentencepiece.__version__}, "models": {}, "data": {}}
    # spm_train records its input and output paths in the model: a fixed folder makes the files the
    # same on every run.
    tmp = "/tmp/gramscore-spm-reference"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    try:
        train = training_text(tmp)
        for name, flags in MODELS.items():
            prefix = os.path.join(tmp, name)
            run = subprocess.run(["spm_train", f"--input={train}", f"--model_prefix={prefix}", "--num_threads=1", *flags], capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"spm_train failed for {name}:\n{run.stderr[-2000:]}")
            with open(prefix + ".model", "rb") as f:
                blob = f.read()
            with open(os.path.join(HERE, "models", name + ".model"), "wb") as f:
                f.write(blob)
            oracle["models"][name] = {"flags": flags, "sha256": hashlib.sha256(blob).hexdigest(), "bytes": len(blob)}
        for data in data_files():
            lines = texts(os.path.join(DATA, data))
            if not lines:
                continue
            entry = {}
            for name in MODELS:
                model = os.path.join(HERE, "models", name + ".model")
                sp = sentencepiece.SentencePieceProcessor(model_file=model)
                single = [i for i, t in enumerate(lines) if "\n" not in t]
                encoded = spm_encode(model, [lines[i] for i in single], tmp)
                out = [None] * len(lines)
                for i, e in zip(single, encoded):
                    out[i] = e
                    assert " ".join(sp.EncodeAsPieces(lines[i])) == e, (name, data, i)
                binding = 0
                for i, t in enumerate(lines):
                    if out[i] is None:
                        out[i] = " ".join(sp.EncodeAsPieces(t))
                        binding += 1
                blob = "".join(o + "\n" for o in out).encode("utf-8")
                entry[name] = {"texts": len(lines), "via_binding": binding, "sha256": hashlib.sha256(blob).hexdigest()}
                print(data, name, entry[name], flush=True)
            oracle["data"][data] = entry
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    with open(os.path.join(HERE, "oracle.json"), "w", encoding="utf-8") as f:
        json.dump(oracle, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()

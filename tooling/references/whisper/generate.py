"""Expected outputs of openai/whisper's text normalizers (tag v20250625) on the conformance data.

Runs whisper's own `whisper/normalizers` (BasicTextNormalizer with and without remove_diacritics and
split_letters, EnglishTextNormalizer) on Debian's Python 3.11 (unicodedata 14.0.0, regex 2022.10.31,
more-itertools 8.10.0). Whisper is not part of this repository: extract its normalizers first and
pass the folder (see README.md beside this script).

Writes packages/normalizer-whisper/test/data/whisper-normalizers.jsonl.gz:
  line 1: {"meta": {...}} (versions, variants, datasets, timings)
  then one line per hand-written case: {"input": s, "outputs": [one string per variant]}
  then one line per dataset: {"dataset": name, "strings": n, "hashes": base64}
The conformance strings are every hypothesis, reference and source of the datasets, in file order
(hyp, refs, src of each line), each string only the first time it occurs across the datasets in the
order listed. Their outputs are too large to keep: "hashes" holds, per string, the first 4 bytes of
SHA-256 over the UTF-8 of the variants' outputs joined by U+0000 (an output is "\\u0000error:<Python
exception class>" where the normalizer raises).

Usage: /usr/bin/python3 generate.py /tmp/whisperref [../shared]
       /usr/bin/python3 generate.py /tmp/whisperref --show <dataset> <index>   (one string's outputs)
"""
import base64
import gzip
import hashlib
import json
import os
import sys
import time
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
OUT = os.path.join(ROOT, "packages", "normalizer-whisper", "test", "data", "whisper-normalizers.jsonl.gz")

DATASETS = [
    "mt_wmt17_newstest2017_en-de",
    "mt_wmt22_generaltest2022_en-de",
    "mt_wmt22_generaltest2022_en-ja",
    "mt_wmt22_generaltest2022_en-zh",
    "mt_wmt23_generaltest2023_en-he.halfA",
    "mt_sacrebleu_examples_en-ja_en-ko",
    "sum_summeval",
    "sum_cnndm_ptrgen_public",
    "robust_public",
]

VARIANTS = ["basic", "basic+remove-diacritics", "basic+split-letters", "basic+remove-diacritics+split-letters", "english"]

# Hand-written cases: numbers, currencies, contractions, titles, British spellings, brackets, Unicode.
CASES = [
    "", " ", "  two  spaces  ", "\ttab\nnewline\r\n", "Hello, World!",
    "one", "ones", "one oh one", "oh no", "zero zero seven", "double oh seven", "triple five", "double trouble",
    "twenty one", "twenty first", "twenty-one", "ninety nine", "ninety ninth", "a hundred", "one hundred and one",
    "two hundred and fifty thousand", "three thousand and three", "seven million three hundred thousand",
    "twelve hundred", "nineteen eighty four", "two thousand and twenty two", "the nineteen sixties", "the 1960s",
    "the twenties", "fourth of july", "the fifth", "twelfth night", "the eleventh hour", "one hundredth", "millionth",
    "two millionths", "a billion dollars", "sixes and sevens", "a quadrillion", "nine decillion", "one decillion decillion",
    "nine hundred ninety nine decillion nine hundred ninety nine nonillion", "3 million", "3.5 million", "3.25 billions",
    "0 thousand", "zero thousand", "point five", "three point one four one five nine", "1.5", "1,000,000", "1,2,3",
    "3.0", "007", "٣", "٣.٥ million", "١٢٣ dollars", "one two three four", "five six", "minus five", "minus", "plus or minus",
    "negative twenty degrees", "positive", "plus 3", "five percent", "five per cent", "per cent", "per capita", "50%", "50 %",
    "$5", "$5.50", "5 dollars", "five dollars and fifty cents", "five dollars fifty cents", "fifty cents", "one cent",
    "a dollar", "twenty pounds", "£20", "€3.50", "three euros", "¢75", "$0.05", "$0.5", "$1 and ¢5", "$10 ¢99",
    "it costs $1,250.75 today", "ten thousand yen", "1st", "2nd place", "3 rd", "10 th", "21 st century", "4s",
    "won't", "can't", "let's", "ain't", "y'all", "wanna", "gotta", "gonna", "i'ma", "imma", "woulda coulda shoulda",
    "ma'am", "he's been", "she's gone", "they'd been", "you'd done", "it's got", "isn't", "they're", "it's", "we'd",
    "you'll", "we've", "i'm", "don 't", "rock 'n' roll", "o'clock", "Mr Smith", "Mrs. Jones", "St. Louis", "Dr. Who",
    "Prof. X", "Capt. Hook", "Gov. Brown", "Ald. Burke", "Gen. Lee", "Sen. Warren", "Rep. Cruz", "Pres. Obama", "Rev. King",
    "Hon. Member", "Asst. Manager", "Assoc. Dean", "Lt. Dan", "Col. Sanders", "John Jr.", "John Sr.", "John Smith Esq.",
    "colour", "favourite colours", "centre", "theatre", "organisation", "realise", "realised", "analyse", "travelling",
    "cancelled", "defence", "licence", "aluminium", "grey", "programme", "catalogue", "mobilisation", "cancelation",
    "flyer / flier", "hmm", "um, uh, I mean", "mm-hmm", "mhm yes", "hmmm", "umbrella", "[laughter] okay", "<unk> word",
    "(inaudible) yes", "a (b) c (d", "[a> b", "<a] b", "nested [a [b] c]", "e.g. i.e.", "U.S.A.", "the end.", "3.14.15",
    "192.168.0.1", "v2.0", "b747", "RC232", "10km", "10 km", "10mm", "mp3", "4x4", "COVID-19", "Café", "naïve façade",
    "Œuvre Ærø straße ẞ Đạo ðþ Łódź", "İstanbul", "ǅemal", "ΣΊΣΥΦΟΣ", "ﬁne ﬀ", "①②③", "½ cup", "x²", "Ⅻ", "ＡＢＣ１２３",
    "日本語のテキスト", "中文，标点。", "한국어 텍스트", "עִבְרִית", "العربية ١٢٣", "हिन्दी क्षत्रिय", "ไทย",
    "emoji 😀 👍🏽 👩‍👩‍👧 🇩🇪🇫🇷🇩", "a\u200db", "zero\u200bwidth", "soft\u00adhyphen", "bom\ufeff", "nbsp\u00a0here",
    "line\u2028sep", "e\u0301", "\u0301", "a\u0308\u0304", "control\x01\x1fchars", "\U0001e030 cyrillic modifier (Unicode 15)",
    "\U0001fae8 shaking face (Unicode 15)", "\u0cf3 kannada (Unicode 15)", "__init__", "snake_case_word", "ʼapostrophe",
    "don’t", "it’s", "“quoted”", "‘single’", "—dash–", "...", "a.b", "1.", ".5", "$.50", "€", "5$", "100 % sure",
    "i have two dogs and a half", "one and a half", "two and a half million", "and a half", "and a half and a half",
    "July third twenty twenty", "the year two thousand", "room one oh one", "call nine one one", "two two two",
    "eleven twelve", "twenty twenty one", "the one", "the ones", "1", "1s", "one's", "hundreds of people", "thousands",
    "a couple of million", "point", "the point is", "point blank", "two point", "double", "and", "five and six",
    "minus minus five", "plus plus", "five dollars dollars", "$ five", "five $", "cents", "5 cents", "two dollars and five cents",
]


def dataset_strings(shared, seen):
    for name in DATASETS:
        path = os.path.join(shared, "conformance", "data", name + ".jsonl.gz")
        strings = []
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                rec = json.loads(line)
                for s in [rec["hyp"], *[r for r in rec["refs"] if r is not None], *([rec["src"]] if rec.get("src") is not None else [])]:
                    if s not in seen:
                        seen.add(s)
                        strings.append(s)
        yield name, strings


def main():
    sys.path.insert(0, sys.argv[1])
    from whisper.normalizers import BasicTextNormalizer, EnglishTextNormalizer
    import regex
    import more_itertools

    normalizers = [
        BasicTextNormalizer(),
        BasicTextNormalizer(remove_diacritics=True),
        BasicTextNormalizer(split_letters=True),
        BasicTextNormalizer(remove_diacritics=True, split_letters=True),
        EnglishTextNormalizer(),
    ]

    def run(fn, s):
        try:
            return fn(s)
        except Exception as e:  # noqa: BLE001 - recorded as the reference's behaviour
            return "\u0000error:" + type(e).__name__

    shared = os.path.join(ROOT, "..", "shared")
    if len(sys.argv) > 2 and sys.argv[2] == "--show":
        seen = set()
        for name, strings in dataset_strings(shared, seen):
            if name == sys.argv[3]:
                s = strings[int(sys.argv[4])]
                print(json.dumps({"input": s, "outputs": [run(n, s) for n in normalizers]}, ensure_ascii=False, indent=1))
        return
    if len(sys.argv) > 2:
        shared = sys.argv[2]

    lines = []
    for s in CASES:
        lines.append({"input": s, "outputs": [run(n, s) for n in normalizers]})
    seen = set()
    timings = [0.0] * len(normalizers)
    total_chars = 0
    total_strings = 0
    datasets = []
    for name, strings in dataset_strings(shared, seen):
        outputs = []
        for k, n in enumerate(normalizers):
            t0 = time.process_time()
            outputs.append([run(n, s) for s in strings])
            timings[k] += time.process_time() - t0
        hashes = b"".join(hashlib.sha256("\u0000".join(o[i] for o in outputs).encode("utf-8")).digest()[:4] for i in range(len(strings)))
        lines.append({"dataset": name, "strings": len(strings), "hashes": base64.b64encode(hashes).decode("ascii")})
        datasets.append(name)
        total_chars += sum(len(s) for s in strings)
        total_strings += len(strings)
        print(name, len(strings), file=sys.stderr)
    meta = {
        "reference": "openai/whisper v20250625 whisper/normalizers",
        "python": sys.version.split()[0],
        "unicodedata": unicodedata.unidata_version,
        "regex": regex.__version__,
        "more_itertools": more_itertools.__version__,
        "variants": VARIANTS,
        "cases": len(CASES),
        "datasets": datasets,
        "strings": total_strings,
        "code_points": total_chars,
        "cpu_seconds": {v: round(t, 3) for v, t in zip(VARIANTS, timings)},
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in [{"meta": meta}, *lines])
    with open(OUT, "wb") as f, gzip.GzipFile(fileobj=f, mode="wb", compresslevel=9, mtime=0, filename="") as z:
        z.write(text.encode("utf-8"))
    print(json.dumps(meta, indent=1), file=sys.stderr)


if __name__ == "__main__":
    main()

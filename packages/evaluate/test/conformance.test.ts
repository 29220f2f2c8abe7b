/**
 * `load(name).compute(...)` against the reference libraries' goldens, per system of every
 * conformance file that holds goldens for that name, with HF evaluate's argument names and keys:
 *
 * - sacrebleu, chrf, ter: sacrebleu 2.6.0 (expected/<dataset>/<config>.corpus.json), every float
 *   identical to the last bit, counts exactly; ter also on tooling/references/ter (normalized on
 *   every MT file, three and four references), and all three on the hand-written cases;
 * - bleu: HF evaluate's bleu itself (bleu-hf, bleu-hf-smooth), per system and per line, identical to
 *   the last bit, and EMPTY_INPUT where it raised ZeroDivisionError;
 * - rouge: rouge-score 0.1.2 (rouge, rouge-stem): use_aggregator false gives every segment's F bit
 *   for bit, use_aggregator true the system's mean within 1e-12 (see the README on the aggregator);
 * - google_bleu: HF google_bleu on NLTK 3.8 (tooling/references/gleu), identical to the last bit;
 * - meteor: NLTK 3.8 on NLTKWordTokenizer tokens (tooling/references/meteor), within 1e-15 of
 *   np.mean (and the exact mean bit for bit);
 * - wer, cer: jiwer 3.1.0 (tooling/references/wer), identical to the last bit; a system with an empty
 *   reference is refused (EMPTY_INPUT) as jiwer refuses it.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ErrorCode, isGramscoreError } from "@gramscore/core";
import { MT_DATASETS, SKIP_MESSAGE, hasExpected, hasShared, readCases, readDataset, readJson, readJsonl, repoRoot } from "../../../tooling/conformance/data.js";
import type { DataRecord } from "../../../tooling/conformance/data.js";
import { load, loadAsync } from "../src/index.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const cache = new Map<string, DataRecord[]>();
function data(dataset: string): DataRecord[] {
  let r = cache.get(dataset);
  if (r === undefined) cache.set(dataset, (r = readDataset(dataset)));
  return r;
}

interface MtSystem<C> {
  system: string;
  langpair?: string;
  first_line: number;
  last_line: number;
  contiguous: boolean;
  corpus: C;
}

/** A contiguous system's predictions and references (HF's layout: one list per prediction). */
function slice(records: DataRecord[], sys: { first_line: number; last_line: number }) {
  const lines = records.slice(sys.first_line, sys.last_line + 1);
  return { predictions: lines.map((r) => r.hyp), references: lines.map((r) => r.refs) };
}

/** The lines of each system (`langpair|system`), in data order. */
function bySystem(records: DataRecord[], sep = "|"): Map<string, number[]> {
  const out = new Map<string, number[]>();
  records.forEach((r, i) => {
    const key = `${r.langpair ?? ""}${sep}${r.system}`;
    let list = out.get(key);
    if (list === undefined) out.set(key, (list = []));
    list.push(i);
  });
  return out;
}

/** Compares a dictionary with the expected one: the same keys in the same order, every value identical (Object.is, element by element). */
function sameDict(got: Record<string, unknown>, want: Record<string, unknown>, where: string): string[] {
  const problems: string[] = [];
  if (Object.keys(got).join() !== Object.keys(want).join()) problems.push(`${where}: keys ${Object.keys(got).join()} vs ${Object.keys(want).join()}`);
  for (const [k, w] of Object.entries(want)) {
    const g = got[k];
    const same = Array.isArray(w) ? Array.isArray(g) && g.length === w.length && w.every((x, i) => Object.is(g[i], x)) : Object.is(g, w);
    if (!same) problems.push(`${where} ${k}: ${JSON.stringify(g)} vs ${JSON.stringify(w)}`);
  }
  return problems;
}

const SACREBLEU_CONFIGS = [
  "bleu-13a",
  "bleu-13a-eff",
  "bleu-13a-lc",
  "bleu-intl",
  "bleu-char",
  "bleu-none-floor-eff",
  "bleu-13a-addk",
  "bleu-13a-none",
  "bleu-13a-floor",
  "bleu-zh",
];

interface SacrebleuCorpus {
  options: { tokenize: string; smooth_method: string; smooth_value: number | null; lowercase: boolean; effective_order: boolean; max_ngram_order: number };
  systems: MtSystem<{ score: number; counts: number[]; totals: number[]; precisions: number[]; bp: number; sys_len: number; ref_len: number }>[];
}

describe.skipIf(!hasShared)("sacrebleu: sacrebleu 2.6.0's corpus_bleu on every system, bit for bit", () => {
  for (const dataset of MT_DATASETS) {
    it(dataset, () => {
      const records = data(dataset);
      const module = load("sacrebleu");
      const problems: string[] = [];
      let systems = 0;
      const configs = SACREBLEU_CONFIGS.filter((c) => hasExpected(dataset, `${c}.corpus.json`));
      for (const config of configs) {
        const expected = readJson<SacrebleuCorpus>(`expected/${dataset}/${config}.corpus.json`);
        const o = expected.options;
        expect(o.max_ngram_order).toBe(4); // HF's sacrebleu has no order argument
        for (const sys of expected.systems) {
          const got = module.compute({
            ...slice(records, sys),
            tokenize: o.tokenize,
            smooth_method: o.smooth_method as "exp",
            smooth_value: o.smooth_value,
            lowercase: o.lowercase,
            use_effective_order: o.effective_order,
          });
          const c = sys.corpus;
          const want = { score: c.score, counts: c.counts, totals: c.totals, precisions: c.precisions, bp: c.bp, sys_len: c.sys_len, ref_len: c.ref_len };
          problems.push(...sameDict(got as unknown as Record<string, unknown>, want, `${config} ${sys.system}`));
          systems++;
        }
      }
      console.log(`sacrebleu ${dataset}: ${systems} system results of ${configs.join(", ")} compared`);
      expect(problems.slice(0, 10)).toEqual([]);
      expect(systems).toBeGreaterThan(0);
    });
  }
});

interface ChrfCorpus {
  options: { char_order: number; word_order: number; beta: number; lowercase: boolean; whitespace: boolean; eps_smoothing: boolean };
  systems: MtSystem<{ score: number }>[];
}

describe.skipIf(!hasShared)("chrf: sacrebleu 2.6.0's CHRF corpus_score on every system (and the first lines one by one), bit for bit", () => {
  for (const dataset of MT_DATASETS) {
    it(dataset, () => {
      const records = data(dataset);
      const module = load("chrf");
      const problems: string[] = [];
      let systems = 0;
      let segments = 0;
      for (const config of ["chrf", "chrfpp", "chrf-eps"].filter((c) => hasExpected(dataset, `${c}.corpus.json`))) {
        const expected = readJson<ChrfCorpus>(`expected/${dataset}/${config}.corpus.json`);
        const args = { ...expected.options };
        for (const sys of expected.systems) {
          const got = module.compute({ ...slice(records, sys), ...args });
          const o = expected.options;
          problems.push(...sameDict(got as unknown as Record<string, unknown>, { score: sys.corpus.score, char_order: o.char_order, word_order: o.word_order, beta: o.beta }, `${config} ${sys.system}`));
          systems++;
        }
        // One prediction per call: sacrebleu's score of a one-segment corpus, which sentence_score gives.
        if (hasExpected(dataset, `${config}.segments.jsonl.gz`)) {
          const perLine = readJsonl<{ score: number }>(`expected/${dataset}/${config}.segments.jsonl.gz`);
          for (let i = 0; i < 300; i++) {
            const got = module.compute({ predictions: [records[i]!.hyp], references: [records[i]!.refs], ...args });
            if (!Object.is(got.score, perLine[i]!.score)) problems.push(`${config} line ${i}: ${got.score} vs ${perLine[i]!.score}`);
            segments++;
          }
        }
      }
      console.log(`chrf ${dataset}: ${systems} system results and ${segments} one-line calls compared`);
      expect(problems.slice(0, 10)).toEqual([]);
    });
  }
});

interface TerCorpus {
  options: { normalized: boolean; no_punct: boolean; asian_support: boolean; case_sensitive: boolean };
  systems: MtSystem<{ score: number; num_edits_sum: number; ref_length_sum: number }>[];
}

describe.skipIf(!hasShared)("ter: sacrebleu 2.6.0's TER corpus_score on every system, bit for bit", () => {
  for (const dataset of MT_DATASETS) {
    it(dataset, () => {
      const records = data(dataset);
      const module = load("ter");
      const problems: string[] = [];
      let systems = 0;
      const configs = ["ter", "ter-cs", "ter-nopunct", "ter-norm", "ter-norm-asian"].filter((c) => hasExpected(dataset, `${c}.corpus.json`));
      for (const config of configs) {
        const expected = readJson<TerCorpus>(`expected/${dataset}/${config}.corpus.json`);
        const o = expected.options;
        for (const sys of expected.systems) {
          const got = module.compute({
            ...slice(records, sys),
            normalized: o.normalized,
            ignore_punct: o.no_punct,
            support_zh_ja_chars: o.asian_support,
            case_sensitive: o.case_sensitive,
          });
          const c = sys.corpus;
          problems.push(...sameDict(got as unknown as Record<string, unknown>, { score: c.score, num_edits: c.num_edits_sum, ref_length: c.ref_length_sum }, `${config} ${sys.system}`));
          systems++;
        }
      }
      console.log(`ter ${dataset}: ${systems} system results of ${configs.join(", ")} compared`);
      expect(problems.slice(0, 10)).toEqual([]);
    });
  }
});

type HfBleuDict = { bleu: number | null; error?: string } & Record<string, unknown>;

describe.skipIf(!hasShared)("bleu: HF evaluate's bleu (bleu-hf, bleu-hf-smooth) on every system, bit for bit", () => {
  for (const dataset of MT_DATASETS) {
    if (hasShared && !hasExpected(dataset, "bleu-hf.corpus.json")) continue;
    it(dataset, () => {
      const records = data(dataset);
      const module = load("bleu");
      const problems: string[] = [];
      let systems = 0;
      let raised = 0;
      let lines = 0;
      for (const [config, smooth] of [
        ["bleu-hf", false],
        ["bleu-hf-smooth", true],
      ] as const) {
        const expected = readJson<{ options: { max_order: number }; systems: MtSystem<HfBleuDict>[] }>(`expected/${dataset}/${config}.corpus.json`);
        for (const sys of expected.systems) {
          const call = () => module.compute({ ...slice(records, sys), max_order: expected.options.max_order, smooth });
          if (sys.corpus.error !== undefined) {
            let error: unknown;
            try {
              call();
            } catch (e) {
              error = e;
            }
            if (!isGramscoreError(error, ErrorCode.EMPTY_INPUT)) problems.push(`${config} ${sys.system}: expected EMPTY_INPUT for ${sys.corpus.error}`);
            raised++;
          } else problems.push(...sameDict(call() as unknown as Record<string, unknown>, sys.corpus, `${config} ${sys.system}`));
          systems++;
        }
        // One prediction per call (HF's bleu on a one-segment corpus): the first 500 lines and every
        // line where HF raised ZeroDivisionError (an empty prediction), which must be EMPTY_INPUT here.
        const perLine = readJsonl<HfBleuDict>(`expected/${dataset}/${config}.segments.jsonl.gz`);
        perLine.forEach((want, i) => {
          if (i >= 500 && want.error === undefined) return;
          const call = () => module.compute({ predictions: [records[i]!.hyp], references: [records[i]!.refs], max_order: expected.options.max_order, smooth });
          if (want.error !== undefined) {
            let error: unknown;
            try {
              call();
            } catch (e) {
              error = e;
            }
            if (!isGramscoreError(error, ErrorCode.EMPTY_INPUT)) problems.push(`${config} line ${i}: expected EMPTY_INPUT for ${want.error}`);
            raised++;
          } else {
            const { error: _none, ...dict } = want;
            problems.push(...sameDict(call() as unknown as Record<string, unknown>, dict, `${config} line ${i}`));
          }
          lines++;
        });
      }
      console.log(`bleu ${dataset}: ${systems} system results and ${lines} one-line calls compared (${raised} raised in HF and here)`);
      expect(problems.slice(0, 10)).toEqual([]);
    });
  }
});

type RougeTriple = { precision: number; recall: number; fmeasure: number };

describe.skipIf(!hasShared)("rouge: rouge-score 0.1.2 F-measures, per prediction bit for bit, aggregated within 1e-12 of the mean", () => {
  for (const config of ["rouge", "rouge-stem"]) {
    for (const dataset of ["sum_summeval", "sum_cnndm_ptrgen_public", "mt_wmt22_generaltest2022_en-de"]) {
      it(`${config} on ${dataset}`, () => {
        const records = data(dataset);
        const expected = readJson<{ options: { rouge_types: string[]; use_stemmer: boolean }; systems: { system: string; langpair?: string; n_lines: number; mean: Record<string, RougeTriple> }[] }>(
          `expected/${dataset}/${config}.corpus.json`,
        );
        const perLine = readJsonl<Record<string, RougeTriple>>(`expected/${dataset}/${config}.segments.jsonl.gz`);
        const types = expected.options.rouge_types;
        const module = load("rouge");
        const groups = bySystem(records, "\u0000");
        const problems: string[] = [];
        for (const sys of expected.systems) {
          const lines = groups.get(`${sys.langpair ?? ""}\u0000${sys.system}`)!;
          expect(lines.length).toBe(sys.n_lines);
          const predictions = lines.map((i) => records[i]!.hyp);
          // One reference per line as a string (HF's score), several as a list (score_multi).
          const references = lines.map((i) => records[i]!.refs);
          const refs = references.every((r) => r.length === 1) ? references.map((r) => r[0]!) : references;
          const args = { predictions, references: refs, rouge_types: types, use_stemmer: expected.options.use_stemmer };
          const lists = module.compute({ ...args, use_aggregator: false });
          expect(Object.keys(lists)).toEqual(types);
          for (const t of types) {
            const values = lists[t] as number[];
            lines.forEach((line, k) => {
              if (!Object.is(values[k], perLine[line]![t]!.fmeasure)) problems.push(`${sys.system} line ${line} ${t}: ${values[k]} vs ${perLine[line]![t]!.fmeasure}`);
            });
          }
          const means = module.compute(args);
          expect(Object.keys(means)).toEqual(types);
          for (const t of types) {
            const d = Math.abs((means[t] as number) - sys.mean[t]!.fmeasure);
            if (!(d <= 1e-12)) problems.push(`${sys.system} mean ${t}: ${means[t]} vs ${sys.mean[t]!.fmeasure}`);
          }
        }
        console.log(`rouge ${config} ${dataset}: ${records.length} predictions and ${expected.systems.length} system means compared`);
        expect(problems.slice(0, 10)).toEqual([]);
      });
    }
  }
});

const REFERENCES = join(repoRoot, "tooling/references");

function gzLines(file: string): string[] {
  return gunzipSync(readFileSync(file)).toString("utf8").split("\n").filter((l) => l !== "");
}

describe.skipIf(!hasShared)("google_bleu: HF evaluate's google_bleu (NLTK 3.8 corpus_gleu on 13a tokens) on every system, bit for bit", () => {
  const files = readdirSync(join(REFERENCES, "gleu")).filter((f) => f.endsWith(".google_bleu.jsonl.gz")).sort();
  it("has goldens for four datasets", () => expect(files.length).toBe(4));
  for (const file of files) {
    it(file, () => {
      const header = JSON.parse(gzLines(join(REFERENCES, "gleu", file))[0]!) as { dataset: string; options: { min_len: number; max_len: number }; systems: [string, number, number][] };
      const records = data(header.dataset);
      const groups = bySystem(records);
      const module = load("google_bleu");
      const problems: string[] = [];
      for (const [key, n, value] of header.systems) {
        const lines = groups.get(key)!;
        expect(lines.length).toBe(n);
        const got = module.compute({
          predictions: lines.map((i) => records[i]!.hyp),
          references: lines.map((i) => records[i]!.refs),
          min_len: header.options.min_len,
          max_len: header.options.max_len,
        });
        expect(Object.keys(got)).toEqual(["google_bleu"]);
        if (!Object.is(got.google_bleu, value)) problems.push(`${key}: ${got.google_bleu} vs ${value}`);
      }
      console.log(`google_bleu ${header.dataset}: ${header.systems.length} systems compared`);
      expect(problems).toEqual([]);
    });
  }
});

describe.skipIf(!hasShared)("meteor: NLTK 3.8 meteor_score on NLTK word tokens, mean per system (np.mean within 1e-15)", async () => {
  const module = await loadAsync("meteor");
  const corpus = JSON.parse(readFileSync(join(REFERENCES, "meteor", "corpus.json"), "utf8")) as {
    datasets: Record<string, { lines: number; systems: { system: string; n: number; tb: { fsum: number; np: number } }[] }>;
  };
  for (const dataset of ["mt_wmt17_newstest2017_en-de", "mt_wmt22_generaltest2022_en-de", "sum_summeval", "robust_public"]) {
    it(dataset, () => {
      const expected = corpus.datasets[dataset]!;
      const records = data(dataset).slice(0, expected.lines);
      const groups = bySystem(records);
      const problems: string[] = [];
      let maxDiff = 0;
      for (const sys of expected.systems) {
        const lines = groups.get(sys.system)!;
        expect(lines.length).toBe(sys.n);
        const got = module.compute({ predictions: lines.map((i) => records[i]!.hyp), references: lines.map((i) => records[i]!.refs) });
        expect(Object.keys(got)).toEqual(["meteor"]);
        if (!Object.is(got.meteor, sys.tb.fsum)) problems.push(`${sys.system}: ${got.meteor} vs the exact mean ${sys.tb.fsum}`);
        maxDiff = Math.max(maxDiff, Math.abs(got.meteor - sys.tb.np));
      }
      console.log(`meteor ${dataset}: ${expected.systems.length} system means compared, largest difference from np.mean ${maxDiff}`);
      expect(problems).toEqual([]);
      expect(maxDiff).toBeLessThanOrEqual(1e-15);
    });
  }
});

describe.skipIf(!hasShared)("wer, cer: jiwer 3.1.0 over every system, bit for bit", () => {
  for (const dataset of ["mt_wmt17_newstest2017_en-de", "mt_wmt22_generaltest2022_en-de", "sum_summeval", "robust_public"]) {
    it(dataset, () => {
      const lines = gzLines(join(REFERENCES, "wer", `${dataset}.jsonl.gz`));
      const meta = (JSON.parse(lines[0]!) as { meta: { lines: number } }).meta;
      const rows = lines.slice(1, 1 + meta.lines).map((l) => JSON.parse(l) as unknown[] | { error: string });
      const systems = lines.slice(1 + meta.lines).map((l) => JSON.parse(l) as { system: string; lines: number; wer: number; cer: number });
      const records = data(dataset);
      const groups = bySystem(records, "\t");
      const wer = load("wer");
      const cer = load("cer");
      const problems: string[] = [];
      let refused = 0;
      for (const sys of systems) {
        const all = groups.get(sys.system)!;
        const kept = all.filter((i) => Array.isArray(rows[i]));
        expect(kept.length).toBe(sys.lines);
        // HF's wer takes the first (only) reference string of each line.
        const args = { predictions: kept.map((i) => records[i]!.hyp), references: kept.map((i) => records[i]!.refs[0]!) };
        const w = wer.compute(args);
        const c = cer.compute({ ...args, concatenate_texts: true });
        if (!Object.is(w, sys.wer)) problems.push(`${sys.system} wer ${w} vs ${sys.wer}`);
        if (!Object.is(c, sys.cer)) problems.push(`${sys.system} cer ${c} vs ${sys.cer}`);
        if (!Object.is(wer.compute({ ...args, concatenate_texts: true }), w)) problems.push(`${sys.system}: concatenate_texts changed wer`);
        if (kept.length < all.length) {
          // jiwer refuses an empty reference, and so HF's compute over the whole system.
          let error: unknown;
          try {
            wer.compute({ predictions: all.map((i) => records[i]!.hyp), references: all.map((i) => records[i]!.refs[0]!) });
          } catch (e) {
            error = e;
          }
          if (!isGramscoreError(error, ErrorCode.EMPTY_INPUT)) problems.push(`${sys.system}: an empty reference was not refused`);
          refused++;
        }
      }
      console.log(`wer/cer ${dataset}: ${systems.length} systems compared (${refused} with an empty reference refused whole)`);
      expect(problems).toEqual([]);
    });
  }
});

describe.skipIf(!hasShared)("ter: sacrebleu 2.6.0's TER with normalized on every MT file, and with three and four references (tooling/references/ter), bit for bit", () => {
  const OPTION_SETS: Record<string, Record<string, boolean>> = {
    default: {},
    normalized: { normalized: true },
    no_punct: { ignore_punct: true },
    asian_support: { support_zh_ja_chars: true },
    case_sensitive: { case_sensitive: true },
  };
  const plan: [string, Record<string, boolean>][] = [];
  for (const dir of ["normalized", "refs3", "refs4"]) {
    for (const f of readdirSync(join(REFERENCES, "ter", dir)).filter((x) => x.endsWith(".jsonl.gz")).sort()) {
      plan.push([`${dir}/${f}`, dir === "normalized" ? OPTION_SETS.normalized! : OPTION_SETS[f.replace(/\.jsonl\.gz$/, "")]!]);
    }
  }
  it("has goldens for normalized and for three and four references", () => expect(plan.length).toBe(16));
  for (const [file, args] of plan) {
    it(file, () => {
      const lines = gzLines(join(REFERENCES, "ter", file));
      const meta = (JSON.parse(lines[0]!) as { meta: { dataset: string; lines: number } }).meta;
      const rows = lines.slice(1, 1 + meta.lines).map((l) => JSON.parse(l) as unknown[] | null);
      const systems = lines.slice(1 + meta.lines).map((l) => JSON.parse(l) as { system: string; lines: number; num_edits: number; ref_length: number; score: number });
      const records = data(meta.dataset);
      // refsN: the file's references, then the outputs of PROMT (and OpenNMT) for the same segment.
      const extra = file.startsWith("refs") ? ["PROMT", "OpenNMT"].slice(0, Number(file[4]) - 2) : [];
      const byId = extra.map((name) => new Map(records.filter((r) => r.system === name).map((r) => [r.id, r.hyp])));
      const groups = new Map<string, number[]>();
      records.forEach((r, i) => {
        if (rows[i] === null) return;
        const key = r.system;
        let list = groups.get(key);
        if (list === undefined) groups.set(key, (list = []));
        list.push(i);
      });
      const module = load("ter");
      const problems: string[] = [];
      for (const sys of systems) {
        const idx = groups.get(sys.system.replace(/^[^\t]*\t/, ""))!;
        expect(idx.length).toBe(sys.lines);
        const got = module.compute({
          predictions: idx.map((i) => records[i]!.hyp),
          references: idx.map((i) => [...records[i]!.refs, ...byId.map((m) => m.get(records[i]!.id)!)]),
          ...args,
        });
        problems.push(...sameDict(got as unknown as Record<string, unknown>, { score: sys.score, num_edits: sys.num_edits, ref_length: sys.ref_length }, `${file} ${sys.system}`));
      }
      console.log(`ter ${file}: ${systems.length} systems compared`);
      expect(problems).toEqual([]);
    });
  }
});

describe.skipIf(!hasShared)("the hand-written cases (cases/cases.jsonl): sacrebleu, chrf, ter and rouge on each case's segments as one corpus", () => {
  it("every case, every config HF's scripts can express", () => {
    const problems: string[] = [];
    let compared = 0;
    let refused = 0;
    for (const c of readCases()) {
      const predictions = c.segments.map((s) => s.hyp);
      const references = c.segments.map((s) => s.refs);
      const uniform = references.every((r) => r.length === references[0]!.length);
      const run = (name: string, fn: () => Record<string, unknown>, want: Record<string, unknown>) => {
        if (!uniform) {
          // HF's sacrebleu, chrf and ter raise ValueError on an uneven number of references.
          let error: unknown;
          try {
            fn();
          } catch (e) {
            error = e;
          }
          if (!isGramscoreError(error, ErrorCode.LENGTH_MISMATCH)) problems.push(`${c.id} ${name}: expected LENGTH_MISMATCH`);
          refused++;
          return;
        }
        problems.push(...sameDict(fn(), want, `${c.id} ${name}`));
        compared++;
      };
      for (const config of SACREBLEU_CONFIGS) {
        const e = c.expected[config];
        if (e === undefined) continue;
        const o = e.options;
        const k = e.corpus;
        run(
          config,
          () => load("sacrebleu").compute({ predictions, references, tokenize: o.tokenize, smooth_method: o.smooth_method, smooth_value: o.smooth_value, lowercase: o.lowercase, use_effective_order: o.effective_order }) as never,
          { score: k.score, counts: k.counts, totals: k.totals, precisions: k.precisions, bp: k.bp, sys_len: k.sys_len, ref_len: k.ref_len },
        );
      }
      for (const config of ["chrf", "chrfpp", "chrf-eps"]) {
        const e = c.expected[config];
        if (e === undefined) continue;
        const o = e.options;
        run(config, () => load("chrf").compute({ predictions, references, ...o }) as never, { score: e.corpus.score, char_order: o.char_order, word_order: o.word_order, beta: o.beta });
      }
      const t = c.expected.ter;
      if (t !== undefined) {
        const o = t.options;
        run(
          "ter",
          () => load("ter").compute({ predictions, references, normalized: o.normalized, ignore_punct: o.no_punct, support_zh_ja_chars: o.asian_support, case_sensitive: o.case_sensitive }) as never,
          { score: t.corpus.score, num_edits: t.corpus.num_edits_sum, ref_length: t.corpus.ref_length_sum },
        );
      }
      for (const config of ["rouge", "rouge-stem"]) {
        const e = c.expected[config];
        if (e === undefined) continue;
        const types = e.options.rouge_types as string[];
        const args = { predictions, references, rouge_types: types, use_stemmer: e.options.use_stemmer as boolean };
        const lists = load("rouge").compute({ ...args, use_aggregator: false });
        const want: Record<string, number[]> = {};
        for (const ty of types) want[ty] = (e.segments as Record<string, RougeTriple>[]).map((seg) => seg[ty]!.fmeasure);
        problems.push(...sameDict(lists, want, `${c.id} ${config} lists`));
        const means = load("rouge").compute(args);
        for (const ty of types) if (!(Math.abs((means[ty] as number) - e.mean[ty].fmeasure) <= 1e-12)) problems.push(`${c.id} ${config} mean ${ty}`);
        compared++;
      }
    }
    console.log(`cases: ${compared} dictionaries compared, ${refused} refused as HF refuses them (uneven reference counts)`);
    expect(problems.slice(0, 10)).toEqual([]);
  });
});

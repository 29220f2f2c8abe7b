// Match views for the metrics whose explain() shapes @gramscore/report's built-in adapters do not
// know (TER, METEOR, GLEU, NIST, WER and its measures): passed to matchViews as extra adapters, so
// the page draws them as the report draws BLEU's, chrF's and ROUGE's.
import type { MatchAdapter, MatchLegend, MatchView } from "@gramscore/report";

const isObject = (v: unknown): v is Record<string, any> => typeof v === "object" && v !== null;
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
const round = (x: unknown) => (typeof x === "number" ? String(Math.round(x * 10000) / 10000) : "?");

/** Marks the first `count` occurrences of `gram` in `units` with `mark` (a higher mark already there stays). */
export function markFirst(units: readonly string[], gram: readonly string[], count: number, marks: number[], mark: number): void {
  let left = count;
  for (let i = 0; left > 0 && i + gram.length <= units.length; i++) {
    let same = true;
    for (let j = 0; same && j < gram.length; j++) same = units[i + j] === gram[j];
    if (!same) continue;
    for (let j = 0; j < gram.length; j++) marks[i + j] = Math.max(marks[i + j]!, mark);
    left--;
  }
}

const orderLegend = (max: number): MatchLegend[] => Array.from({ length: max }, (_, i) => ({ mark: i + 1, label: `in a matched ${i + 1}-gram`, kind: "match" as const }));

/** Edits: substitution, insertion, deletion, shift (the report's edit colours e1..e4). */
const SUB = 1;
const INS = 2;
const DEL = 3;
const SHIFT = 4;

/** TER (`@gramscore/metric-ter`'s explain()): shifts, then the alignment with the reference of fewest edits. */
export const terAdapter: MatchAdapter = {
  name: "ter",
  test: (e) => isObject(e) && Array.isArray(e.operations) && Array.isArray(e.shifts) && isStrings(e.shiftedHypTokens) && isObject(e.counts),
  views(e, { metric }): MatchView[] {
    const hyp = e.hypTokens as string[];
    const ref = e.refTokens as string[];
    const k = e.reference as number;
    const hypMarks = new Array<number>(hyp.length).fill(0);
    const refMarks = new Array<number>(ref.length).fill(0);
    for (const s of e.shifts as { hypPositions: number[] }[]) for (const p of s.hypPositions) hypMarks[p] = SHIFT;
    const rows: (string | number)[][] = [];
    for (const s of e.shifts as { words: string[]; from: number; to: number }[]) rows.push(["shift", s.words.join(" "), `${s.from} → ${s.to}`]);
    for (const op of e.operations as { op: string; hyp: number | null; ref: number | null; hypToken: string | null; refToken: string | null }[]) {
      if (op.op === "match") continue;
      if (op.op === "substitute") {
        hypMarks[op.hyp!] = SUB;
        refMarks[op.ref!] = SUB;
      } else if (op.op === "insert") refMarks[op.ref!] = INS;
      else if (op.op === "delete") hypMarks[op.hyp!] = DEL;
      rows.push([op.op, op.hypToken ?? "", op.refToken ?? ""]);
    }
    const c = e.counts as { shifts: number; substitutions: number; insertions: number; deletions: number };
    return [
      {
        metric,
        title: "TER: shifts and edits against the reference with the fewest edits",
        unit: "token",
        legend: [
          { mark: SUB, label: "substitution", kind: "edit" },
          { mark: INS, label: "insertion (a reference word the hypothesis lacks)", kind: "edit" },
          { mark: DEL, label: "deletion (a hypothesis word the reference lacks)", kind: "edit" },
          { mark: SHIFT, label: "shifted", kind: "edit" },
        ],
        hypothesis: { label: "hypothesis", units: hyp, marks: hypMarks },
        references: [{ label: `reference ${k + 1}`, units: ref, marks: refMarks }],
        table: { columns: ["edit", "hypothesis", "reference"], rows },
        summary: `${e.numEdits} edits (${c.shifts} shifts, ${c.substitutions} substitutions, ${c.insertions} insertions, ${c.deletions} deletions) over reference length ${round(e.refLength)}; TER ${round(e.score)} against reference ${k + 1}`,
      },
    ];
  },
};

const EXACT = 1;
const STEM = 2;
const SYNONYM = 4;

/** METEOR (`@gramscore/metric-meteor`'s explain()): the alignment with each reference, by stage. */
export const meteorAdapter: MatchAdapter = {
  name: "meteor",
  test: (e) => isObject(e) && isStrings(e.hypTokens) && Array.isArray(e.alignments) && e.alignments.every((a: unknown) => isObject(a) && Array.isArray(a.matches) && typeof a.chunks === "number"),
  views(e, { metric }): MatchView[] {
    const stage = (s: string) => (s === "exact" ? EXACT : s === "stem" ? STEM : SYNONYM);
    const hyp = e.hypTokens as string[];
    const k = e.reference as number;
    const alignments = e.alignments as { matches: { hyp: number; ref: number; hypToken: string; refToken: string; stage: string }[]; refTokens: string[]; chunks: number; precision: number; recall: number; penalty: number; score: number }[];
    const best = alignments[k]!;
    const hypMarks = new Array<number>(hyp.length).fill(0);
    for (const m of best.matches) hypMarks[m.hyp] = stage(m.stage);
    const references = alignments.map((a, i) => {
      const marks = new Array<number>(a.refTokens.length).fill(0);
      for (const m of a.matches) marks[m.ref] = stage(m.stage);
      return { label: `reference ${i + 1}${alignments.length > 1 && i === k ? " (the best)" : ""}`, units: a.refTokens, marks };
    });
    return [
      {
        metric,
        title: "METEOR: the alignment (exact, stem and synonym matches)",
        unit: "token",
        legend: [
          { mark: EXACT, label: "exact match", kind: "match" },
          { mark: STEM, label: "stem match", kind: "edit" },
          { mark: SYNONYM, label: "synonym match (WordNet)", kind: "edit" },
        ],
        hypothesis: { label: "hypothesis", units: hyp, marks: hypMarks },
        references,
        links: [{ reference: k, pairs: best.matches.map((m) => [m.hyp, m.ref] as const) }],
        table: { columns: ["hypothesis", "reference", "stage"], rows: best.matches.map((m) => [m.hypToken, m.refToken, m.stage]) },
        summary: `${best.matches.length} matches in ${best.chunks} chunks; P ${round(best.precision)} R ${round(best.recall)} penalty ${round(best.penalty)}; METEOR ${round(e.score)} against reference ${k + 1}`,
      },
    ];
  },
};

/** GLEU (`@gramscore/metric-gleu`'s explain()): the n-grams matched with the reference that counts. */
export const gleuAdapter: MatchAdapter = {
  name: "gleu",
  test: (e) => isObject(e) && isStrings(e.hypTokens) && typeof e.hypNgrams === "number" && Array.isArray(e.matched) && Array.isArray(e.references),
  views(e, { metric }): MatchView[] {
    const hyp = e.hypTokens as string[];
    const k = e.reference as number;
    const refs = e.references as { tokens: string[]; match: number; refNgrams: number; total: number; ratio: number | null }[];
    const matched = e.matched as { ngram: string[]; count: number }[];
    const maxN = Math.max(1, ...matched.map((m) => m.ngram.length));
    const hypMarks = new Array<number>(hyp.length).fill(0);
    const refMarks = refs.map((r) => new Array<number>(r.tokens.length).fill(0));
    for (const m of matched) {
      markFirst(hyp, m.ngram, m.count, hypMarks, m.ngram.length);
      if (refs[k]) markFirst(refs[k]!.tokens, m.ngram, m.count, refMarks[k]!, m.ngram.length);
    }
    const r = refs[k];
    return [
      {
        metric,
        title: "GLEU: matched n-grams (shade = highest order)",
        unit: "token",
        legend: orderLegend(maxN),
        hypothesis: { label: "hypothesis", units: hyp, marks: hypMarks },
        references: refs.map((rf, i) => ({ label: `reference ${i + 1}${refs.length > 1 && i === k ? " (the one that counts)" : ""}`, units: rf.tokens, marks: refMarks[i]! })),
        table: { columns: ["n-gram", "n", "matched"], rows: matched.map((m) => [m.ngram.join(" "), m.ngram.length, m.count]) },
        summary: `${r?.match ?? 0} matched n-grams of ${e.hypNgrams} in the hypothesis and ${r?.refNgrams ?? 0} in reference ${k + 1}; GLEU ${round(e.score)} (the smaller of precision and recall)`,
      },
    ];
  },
};

/** NIST (`@gramscore/metric-nist`'s explain()): the matched n-grams and their information weights. */
export const nistAdapter: MatchAdapter = {
  name: "nist",
  test: (e) => isObject(e) && isStrings(e.hypTokens) && Array.isArray(e.refTokens) && Array.isArray(e.orders) && typeof e.lengthPenalty === "number",
  views(e, { metric }): MatchView[] {
    const hyp = e.hypTokens as string[];
    const refs = e.refTokens as string[][];
    const orders = e.orders as { order: number; reference: number; precision: number; matched: { ngram: string[]; count: number; weight: number }[] }[];
    const hypMarks = new Array<number>(hyp.length).fill(0);
    const refMarks = refs.map((r) => new Array<number>(r.length).fill(0));
    const rows: (string | number)[][] = [];
    for (const o of orders) {
      for (const m of o.matched) {
        markFirst(hyp, m.ngram, m.count, hypMarks, o.order);
        if (refs[o.reference]) markFirst(refs[o.reference]!, m.ngram, m.count, refMarks[o.reference]!, o.order);
        rows.push([m.ngram.join(" "), o.order, m.count, round(m.weight)]);
      }
    }
    return [
      {
        metric,
        title: "NIST: matched n-grams (shade = highest order) and their information",
        unit: "token",
        legend: orderLegend(orders.length),
        hypothesis: { label: "hypothesis", units: hyp, marks: hypMarks },
        references: refs.map((units, i) => ({ label: `reference ${i + 1}`, units, marks: refMarks[i]! })),
        table: { columns: ["n-gram", "n", "matched", "information"], rows },
        summary: `information per order ${orders.map((o) => round(o.precision)).join(" ")}; length penalty ${round(e.lengthPenalty)}; NIST ${round(e.score)}`,
      },
    ];
  },
};

/** WER, CER, MER, WIL, WIP (`@gramscore/metric-wer`'s explain()): jiwer's alignment with the first reference. */
export const werAdapter: MatchAdapter = {
  name: "wer",
  test: (e) => isObject(e) && isObject(e.result) && Array.isArray(e.operations) && Array.isArray(e.chunks) && isStrings(e.hypTokens) && isStrings(e.refTokens),
  views(e, { metric }): MatchView[] {
    const hyp = e.hypTokens as string[];
    const ref = e.refTokens as string[];
    const hypMarks = new Array<number>(hyp.length).fill(0);
    const refMarks = new Array<number>(ref.length).fill(0);
    const rows: (string | number)[][] = [];
    for (const op of e.operations as { op: string; hyp: number | null; ref: number | null; hypToken: string | null; refToken: string | null }[]) {
      if (op.op === "match") continue;
      if (op.op === "substitute") {
        hypMarks[op.hyp!] = SUB;
        refMarks[op.ref!] = SUB;
      } else if (op.op === "insert") hypMarks[op.hyp!] = INS;
      else if (op.op === "delete") refMarks[op.ref!] = DEL;
      rows.push([op.op, op.hypToken ?? "", op.refToken ?? ""]);
    }
    const r = e.result as { name: string; unit: string; hits: number; substitutions: number; deletions: number; insertions: number };
    const what = r.unit === "char" ? "character" : "word";
    return [
      {
        metric,
        title: `${r.name}: jiwer's alignment (${what}s)`,
        unit: r.unit === "char" ? "char" : "token",
        legend: [
          { mark: SUB, label: "substitution", kind: "edit" },
          { mark: INS, label: `insertion (a hypothesis ${what} the reference lacks)`, kind: "edit" },
          { mark: DEL, label: `deletion (a reference ${what} the hypothesis lacks)`, kind: "edit" },
        ],
        hypothesis: { label: "hypothesis", units: hyp, marks: hypMarks },
        references: [{ label: "reference 1", units: ref, marks: refMarks }],
        table: { columns: ["edit", "hypothesis", "reference"], rows },
        summary: `hits ${r.hits}, substitutions ${r.substitutions}, deletions ${r.deletions}, insertions ${r.insertions}; ${r.name} ${round(e.score)}`,
      },
    ];
  },
};

/** The page's adapters, tried before the report's own. */
export const PLAYGROUND_ADAPTERS: readonly MatchAdapter[] = [terAdapter, meteorAdapter, gleuAdapter, nistAdapter, werAdapter];

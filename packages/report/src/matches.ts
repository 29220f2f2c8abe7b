import type { Metric } from "@gramscore/core";

/**
 * One side of a {@link MatchView}: the units (tokens or characters) of the hypothesis or of one
 * reference, and a mark per unit (0 = not marked, otherwise an id of the view's legend).
 */
export interface MatchSide {
  /** "hypothesis", "reference 1", ... */
  readonly label: string;
  /** The units as the metric saw them (tokens, or characters for character-level views). */
  readonly units: readonly string[];
  /** Per unit, a legend id (0 = unmarked). Same length as `units`. */
  readonly marks: readonly number[];
}

/** One legend entry of a {@link MatchView}: what a mark id means. */
export interface MatchLegend {
  /** The id used in {@link MatchSide.marks} (1, 2, ...). */
  readonly mark: number;
  /** What it means, e.g. "in a matched 4-gram", "clipped", "substitution". */
  readonly label: string;
  /** How to draw it: a match shade (darker = stronger), a clipped or unmatched unit, or an edit. */
  readonly kind: "match" | "clip" | "edit";
}

/**
 * What a viewer shows for one metric on one segment, built from the metric's `explain()`: the
 * hypothesis and references with their units marked, optional alignment links, a table of the
 * counted items and a one-line summary. Every metric's explanation maps into this shape (BLEU's
 * matched n-grams and clipping, ROUGE-L's LCS alignment, chrF's matched character n-grams, the edits
 * of an edit-distance metric), so one viewer shows them all.
 */
export interface MatchView {
  /** The metric's name (`bleu`, `rouge`, ...). */
  readonly metric: string;
  /** A heading, e.g. "BLEU: matched n-grams". */
  readonly title: string;
  /** "token": units are shown separated by spaces; "char": units are characters shown as text. */
  readonly unit: "token" | "char";
  readonly legend: readonly MatchLegend[];
  readonly hypothesis: MatchSide;
  readonly references: readonly MatchSide[];
  /** Aligned pairs (hypothesis unit, reference unit) against reference `reference` (e.g. the LCS). */
  readonly links?: readonly { readonly reference: number; readonly pairs: readonly (readonly [number, number])[] }[];
  /** The counted items: column names and rows (e.g. n-gram, hyp count, ref count, matched, clipped). */
  readonly table?: { readonly columns: readonly string[]; readonly rows: readonly (readonly (string | number)[])[] };
  /** One line, e.g. "4-gram precisions 9/10 6/9 4/8 2/7; BP 1 (hyp 10, ref 11)". */
  readonly summary: string;
}

/**
 * Turns one metric's explanation into match views. `test` says whether it understands the
 * explanation's shape; `views` builds them. Pass extra adapters to {@link matchViews} (and the report
 * options) for metrics whose explanations the built-in adapters do not know.
 */
export interface MatchAdapter {
  /** A name for messages. */
  readonly name: string;
  test(explanation: unknown): boolean;
  views(explanation: any, context: { metric: string; hyp: string; refs: readonly string[] }): MatchView[];
}

const isObject = (v: unknown): v is Record<string, any> => typeof v === "object" && v !== null;
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

/**
 * Marks, for each n-gram `grams[k]` matched `counts[k]` times, its first `counts[k]` occurrences in
 * `units` (overlapping occurrences count, as a scan from the left finds them): each unit of a marked
 * occurrence gets `mark(n)` unless it already has a higher mark. Linear in `units` (times the largest
 * n): the occurrences of every n-gram length are found in one pass over `units`, through a map from
 * the n-grams asked for to their positions, instead of one scan of `units` per n-gram. The same
 * marks as that scan (a property test keeps it so). @internal
 */
export function markFirstOccurrences(units: readonly string[], grams: readonly (readonly string[])[], counts: readonly number[], marks: number[], mark: (n: number) => number): void {
  // Every n-gram is compared through ids of its units: a key of numbers separated by commas is
  // unambiguous whatever the units hold. A unit of a gram that never occurs in `units` has no id, and
  // the gram cannot occur.
  let ids: Map<string, number> | undefined;
  const idOf = (u: string): number => {
    if (ids === undefined) {
      ids = new Map();
      for (const x of units) if (!ids.has(x)) ids.set(x, ids.size);
    }
    return ids.get(u) ?? -1;
  };
  // Per n-gram length, per key: how many first occurrences to mark. Grams asked for twice mark the
  // first max(count) occurrences, as the scan does (each scan starts again from the left).
  const wanted = new Map<number, Map<string, number>>();
  grams.forEach((g, k) => {
    const n = g.length;
    const count = counts[k] ?? 0;
    if (n === 0 || n > units.length || !(count > 0)) return;
    let key = "";
    for (let j = 0; j < n; j++) {
      const id = idOf(g[j]!);
      if (id < 0) return;
      key += j === 0 ? `${id}` : `,${id}`;
    }
    let byKey = wanted.get(n);
    if (byKey === undefined) wanted.set(n, (byKey = new Map()));
    if (!((byKey.get(key) ?? 0) >= count)) byKey.set(key, count);
  });
  if (wanted.size === 0) return;
  const unitIds = units.map(idOf);
  for (const [n, byKey] of wanted) {
    const m = mark(n);
    // `left` counts down per key: the occurrences still to mark.
    const left = new Map(byKey);
    for (let i = 0; i + n <= units.length; i++) {
      let key = `${unitIds[i]!}`;
      for (let j = 1; j < n; j++) key += `,${unitIds[i + j]!}`;
      const l = left.get(key);
      if (l === undefined || !(l > 0)) continue;
      left.set(key, l - 1);
      for (let j = i; j < i + n; j++) if (marks[j]! < m) marks[j] = m;
    }
  }
}

const orderLegend = (max: number, what: string): MatchLegend[] =>
  Array.from({ length: max }, (_, i) => ({ mark: i + 1, label: `in a matched ${i + 1}-${what}`, kind: "match" as const }));

/** sacrebleu-style BLEU explanations (`@gramscore/metric-bleu`'s `explain()`). */
export const bleuAdapter: MatchAdapter = {
  name: "bleu",
  test: (e) => isObject(e) && Array.isArray(e.coverage) && isStringArray(e.hypothesis) && Array.isArray(e.orders) && Array.isArray(e.references),
  views(e, { metric }) {
    const orders = e.orders as { n: number; matches: number; total: number; ngrams: any[] }[];
    const N = orders.length;
    const CLIP = N + 1;
    const hypMarks = (e.coverage as number[]).slice();
    // A unigram occurrence past its clip is marked as clipped.
    const uni = orders[0];
    if (uni) for (const g of uni.ngrams) if (g.maxReferenceCount > 0) for (const p of (g.positions as number[]).slice(g.matched)) if (hypMarks[p] === 0) hypMarks[p] = CLIP;
    const refs = e.references as string[][];
    const refMarks = refs.map((r) => new Array<number>(r.length).fill(0));
    for (const o of orders) {
      for (const g of o.ngrams) {
        if (g.matched > 0 && g.reference >= 0) markFirstOccurrences(refs[g.reference]!, [g.tokens], [g.matched], refMarks[g.reference]!, (n) => n);
      }
    }
    const rows: (string | number)[][] = [];
    for (const o of orders) for (const g of o.ngrams) if (g.maxReferenceCount > 0 || g.clipped > 0) rows.push([(g.tokens as string[]).join(" "), o.n, g.count, g.maxReferenceCount, g.matched, g.clipped]);
    const r = e.result ?? {};
    const precisions = orders.map((o) => `${o.matches}/${o.total}`).join(" ");
    return [
      {
        metric,
        title: "BLEU: matched n-grams (shade = highest order) and clipping",
        unit: "token",
        legend: [...orderLegend(N, "gram"), { mark: CLIP, label: "unigram clipped (more in the hypothesis than in any reference)", kind: "clip" }],
        hypothesis: { label: "hypothesis", units: e.hypothesis, marks: hypMarks },
        references: refs.map((units, i) => ({ label: `reference ${i + 1}`, units, marks: refMarks[i]! })),
        table: { columns: ["n-gram", "n", "hyp", "max ref", "matched", "clipped"], rows },
        summary: `matches/total per order ${precisions}; hyp length ${e.sysLen}, ref length ${e.refLen}${typeof r.bp === "number" ? `, BP ${round(r.bp)}` : ""}${typeof r.score === "number" ? `, BLEU ${round(r.score)}` : ""}`,
      },
    ];
  },
};

/** rouge-score / ROUGE-1.5.5 explanations (`@gramscore/metric-rouge`'s `explain()`). */
export const rougeAdapter: MatchAdapter = {
  name: "rouge",
  test: (e) => isObject(e) && isObject(e.types) && isObject(e.hypothesis) && isStringArray(e.hypothesis.tokens) && Array.isArray(e.references),
  views(e, { metric }) {
    const hyp = e.hypothesis as { tokens: string[]; sentences: string[][] };
    const refs = e.references as { tokens: string[]; sentences: string[][] }[];
    // (sentence, token) → flat index, for union-LCS alignments.
    const offsets = (t: { tokens: string[]; sentences: string[][] }) => {
      const out: number[] = [];
      let at = 0;
      for (const s of t.sentences.length > 0 ? t.sentences : [t.tokens]) {
        out.push(at);
        at += s.length;
      }
      return out;
    };
    const hypOff = offsets(hyp);
    const views: MatchView[] = [];
    for (const [type, t] of Object.entries(e.types as Record<string, any>)) {
      const hypMarks = new Array<number>(hyp.tokens.length).fill(0);
      const refMarks = refs.map((r) => new Array<number>(r.tokens.length).fill(0));
      const links: { reference: number; pairs: [number, number][] }[] = [];
      const rows: (string | number)[][] = [];
      const used = new Set<number>(t.used as number[]);
      for (const re of t.references as any[]) {
        const k = re.reference as number;
        const ref = refs[k]!;
        if (Array.isArray(re.alignment)) {
          const refOff = offsets(ref);
          const pairs: [number, number][] = [];
          for (const a of re.alignment as any[]) {
            const ri = (refOff[a.refSentence] ?? 0) + a.refToken;
            refMarks[k]![ri] = a.counted ? 1 : 2;
            if (a.hypToken >= 0) {
              const hi = (hypOff[a.hypSentence] ?? 0) + a.hypToken;
              if (used.has(k) && a.counted) hypMarks[hi] = 1;
              pairs.push([hi, ri]);
            }
          }
          links.push({ reference: k, pairs });
        } else if (Array.isArray(re.matches)) {
          const grams = (re.matches as any[]).map((m) => m.ngram as string[]);
          const counts = (re.matches as any[]).map((m) => m.matched as number);
          markFirstOccurrences(ref.tokens, grams, counts, refMarks[k]!, () => 1);
          if (used.has(k)) markFirstOccurrences(hyp.tokens, grams, counts, hypMarks, () => 1);
          for (const m of re.matches as any[]) rows.push([(m.ngram as string[]).join(" "), k + 1, m.hypothesis, m.reference, m.matched]);
        }
      }
      const lcs = t.kind === "l" || t.kind === "lsum" || t.kind === "w";
      const r = t.result ?? {};
      views.push({
        metric,
        title: `ROUGE ${type}: ${lcs ? "longest common subsequence" : "matched n-grams"}`,
        unit: "token",
        legend: lcs
          ? [
              { mark: 1, label: "on the LCS", kind: "match" },
              { mark: 2, label: "on an LCS but not counted (clipped)", kind: "clip" },
            ]
          : [{ mark: 1, label: "in a matched n-gram", kind: "match" }],
        hypothesis: { label: "hypothesis", units: hyp.tokens, marks: hypMarks },
        references: refs.map((rf, i) => ({ label: `reference ${i + 1}`, units: rf.tokens, marks: refMarks[i]! })),
        ...(links.length > 0 ? { links } : {}),
        ...(rows.length > 0 ? { table: { columns: ["n-gram", "ref #", "hyp", "ref", "matched"], rows } } : {}),
        summary: `P ${round(r.precision)} R ${round(r.recall)} F ${round(r.fmeasure)} (${t.policy}, references used: ${[...used].map((x) => x + 1).join(", ")})`,
      });
    }
    return views;
  },
};

const WS = /\s/u;

/** sacrebleu-style chrF / chrF++ explanations (`@gramscore/metric-chrf`'s `explain()`). */
export const chrfAdapter: MatchAdapter = {
  name: "chrf",
  test: (e) => isObject(e) && Array.isArray(e.orders) && e.orders.every((o: any) => o.kind === "char" || o.kind === "word") && Array.isArray(e.references) && typeof e.reference === "number",
  views(e, { metric, hyp, refs }) {
    const orders = e.orders as { kind: string; order: number; hyp: number; ref: number; matches: number; matched: { ngram: string; hyp: number; ref: number; count: number }[] }[];
    const chars = orders.filter((o) => o.kind === "char");
    const maxChar = chars.length;
    const k = e.reference as number;
    const ref = refs[k] ?? "";
    // Characters as the metric counts them: code points, whitespace left out of the n-grams.
    const side = (text: string, label: string, count: (m: { hyp: number; ref: number; count: number }) => number): MatchSide => {
      const units = Array.from(text);
      const marks = new Array<number>(units.length).fill(0);
      const keep: number[] = [];
      units.forEach((u, i) => {
        if (!WS.test(u)) keep.push(i);
      });
      const seq = keep.map((i) => units[i]!);
      const packed = new Array<number>(seq.length).fill(0);
      for (const o of chars) markFirstOccurrences(seq, o.matched.map((m) => Array.from(m.ngram)), o.matched.map(count), packed, (n) => n);
      packed.forEach((m, j) => (marks[keep[j]!] = m));
      return { label, units, marks };
    };
    const rows: (string | number)[][] = [];
    for (const o of orders) for (const m of o.matched) rows.push([m.ngram, `${o.kind} ${o.order}`, m.hyp, m.ref, m.count]);
    const hypSide = side(hyp, "hypothesis", (m) => m.count);
    const refSides = refs.map((r, i) => (i === k ? side(ref, `reference ${i + 1} (the one that counts)`, (m) => m.count) : { label: `reference ${i + 1}`, units: Array.from(r), marks: new Array<number>(Array.from(r).length).fill(0) }));
    return [
      {
        metric,
        title: `${e.name ?? "chrF"}: matched character n-grams (shade = highest order)`,
        unit: "char",
        legend: orderLegend(maxChar, "character n-gram"),
        hypothesis: hypSide,
        references: refSides,
        table: { columns: ["n-gram", "order", "hyp", "ref", "matched"], rows },
        summary: `${orders.map((o) => `${o.kind[0]}${o.order} ${o.matches}/${o.hyp}/${o.ref}`).join(" ")} (matched/hyp/ref); ${e.name ?? "chrF"} ${round(e.score)} against reference ${k + 1}`,
      },
    ];
  },
};

/**
 * Edit-distance explanations (TER and the like): `{ hypothesis: string[], references?: string[][],
 * edits: [{ op, hyp?, ref? }] }` where `op` names the edit (`substitution`, `insertion`, `deletion`,
 * `shift`, or the short forms `S`, `I`, `D`, `H`/`shift`), `hyp` the hypothesis token index and `ref`
 * the reference token index it concerns. Metrics that can return this shape are shown with their
 * edits marked.
 */
export const editAdapter: MatchAdapter = {
  name: "edits",
  test: (e) => isObject(e) && Array.isArray(e.edits) && isStringArray(e.hypothesis),
  views(e, { metric }) {
    const kinds = ["substitution", "insertion", "deletion", "shift"];
    const norm = (op: unknown) => {
      const s = String(op).toLowerCase();
      const found = kinds.findIndex((k) => k === s || k[0] === s || (k === "shift" && s === "h"));
      return found < 0 ? 1 : found + 1;
    };
    const hyp = e.hypothesis as string[];
    const refs = (Array.isArray(e.references) ? e.references : []) as string[][];
    const hypMarks = new Array<number>(hyp.length).fill(0);
    const refMarks = refs.map((r) => new Array<number>(r.length).fill(0));
    const k = typeof e.reference === "number" ? e.reference : 0;
    for (const ed of e.edits as any[]) {
      const m = norm(ed.op ?? ed.type);
      if (typeof ed.hyp === "number" && ed.hyp >= 0 && ed.hyp < hyp.length) hypMarks[ed.hyp] = m;
      if (typeof ed.ref === "number" && refMarks[k] && ed.ref >= 0 && ed.ref < refMarks[k]!.length) refMarks[k]![ed.ref] = m;
    }
    return [
      {
        metric,
        title: `${metric}: edits`,
        unit: "token",
        legend: kinds.map((label, i) => ({ mark: i + 1, label, kind: "edit" as const })),
        hypothesis: { label: "hypothesis", units: hyp, marks: hypMarks },
        references: refs.map((units, i) => ({ label: `reference ${i + 1}`, units, marks: refMarks[i]! })),
        table: { columns: ["edit", "hyp", "ref"], rows: (e.edits as any[]).map((ed) => [String(ed.op ?? ed.type), ed.hyp ?? "", ed.ref ?? ""]) },
        summary: `${(e.edits as any[]).length} edits${typeof e.score === "number" ? `, ${metric} ${round(e.score)}` : ""}`,
      },
    ];
  },
};

/** An explanation that already carries its views (`{ views: MatchView[] }`) is shown as it is. */
export const nativeAdapter: MatchAdapter = {
  name: "native",
  test: (e) => isObject(e) && Array.isArray(e.views) && e.views.every((v: any) => isObject(v) && isObject(v.hypothesis) && Array.isArray(v.references)),
  views: (e) => e.views as MatchView[],
};

/** The built-in adapters, tried in this order. */
export const DEFAULT_ADAPTERS: readonly MatchAdapter[] = [nativeAdapter, bleuAdapter, rougeAdapter, chrfAdapter, editAdapter];

function round(x: unknown): string {
  return typeof x === "number" ? String(Math.round(x * 10000) / 10000) : "?";
}

/**
 * The match views of `metric` for one segment: calls `metric.explain(hyp, refs)` and maps the result
 * through the first adapter that understands it (`adapters` first, then the built-in ones). Returns
 * an empty list when the metric has no `explain()` or no adapter knows its explanation.
 */
export function matchViews(metric: Metric<any, any>, hyp: string, refs: readonly string[], adapters: readonly MatchAdapter[] = []): MatchView[] {
  if (typeof metric.explain !== "function") return [];
  const explanation = metric.explain(hyp, refs);
  return explanationViews(metric.name, explanation, hyp, refs, adapters);
}

/** Maps an explanation already computed (see {@link matchViews}). */
export function explanationViews(metric: string, explanation: unknown, hyp: string, refs: readonly string[], adapters: readonly MatchAdapter[] = []): MatchView[] {
  for (const a of [...adapters, ...DEFAULT_ADAPTERS]) if (a.test(explanation)) return a.views(explanation, { metric, hyp, refs });
  return [];
}

import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import {
  NgramTable,
  countNgrams,
  countSkipBigrams,
  lcsLength,
  overlap,
  pow,
  unionLcsIndices,
  unionWeightedLcsIndices,
  type NgramCounts,
} from "@gramscore/ngram";
import { fmeasure, fmeasure155, round5, weightTable } from "./numbers.js";
import type { RougeConfig, TypeSpec } from "./options.js";
import { Interner, checkText, newlineSentences, rouge155Text, type ResolvedTokenizer } from "./tokenize.js";

const EMPTY = new Int32Array(0);

/** A text turned into token ids. */
export interface PreparedText {
  /** The tokens of the whole text (ROUGE-N, rougeL, S/SU; ROUGE-1.5.5's unigram counts). */
  readonly flat: Int32Array;
  /** The tokens of each sentence (rougeLsum, ROUGE-1.5.5's L and W). */
  readonly sents: Int32Array[];
  /** The tokens whose counts clip union-LCS hits (rouge-score: all sentence tokens; ROUGE-1.5.5: `flat`). */
  readonly counter: Int32Array;
  /** The token strings behind the ids: `flat` and `sents` (for explanations). */
  readonly strings?: { flat: string[]; sents: string[][] };
}

/**
 * What one segment yields per ROUGE type `t` and reference `r` (index `t·K + r`): the hits, the
 * reference (model) count, the hypothesis (peer) count, and ROUGE-1.5.5's `-f B` selection score.
 * For ROUGE-W the model count is `f(base)`, `base[t·K + r]` keeps `Σ f(sentence length)`.
 */
export interface ReferenceData {
  readonly refs: number;
  readonly hit: Float64Array;
  readonly model: Float64Array;
  readonly peer: Float64Array;
  readonly select: Float64Array;
}

function concat(parts: readonly Int32Array[]): Int32Array {
  if (parts.length === 1) return parts[0]!;
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Int32Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** Throws the error ROUGE-1.5.5 dies with when ROUGE-W meets a reference without tokens. */
function wlcsDivisionByZero(reference: number): GramscoreError {
  return new GramscoreError(
    ErrorCode.EMPTY_INPUT,
    `ROUGE-W is undefined for reference ${reference} of this segment: it has no token left after tokenization ` +
      "(empty, only spaces or punctuation, non-ASCII only for ROUGE-1.5.5's tokenizer, or only stopwords). ROUGE-1.5.5.pl dies here " +
      "with \"Illegal division by zero\". Fix or drop that reference, leave rougeW out of rougeTypes, or set emptyReference: \"zero\" to score it 0.",
    { details: { reference, measure: "ROUGE-W" } },
  );
}

/** The per-segment computation of both modes. One engine per metric; not re-entrant. */
export class RougeEngine {
  readonly config: RougeConfig;
  readonly tokenizer: ResolvedTokenizer;
  /** Statistics columns per ROUGE type: P, R, F (+ model count, peer count, hits in rouge155 mode). */
  readonly stride: number;
  readonly #interner = new Interner();
  readonly #table = new NgramTable(1024);
  #countA = new Int32Array(1024);
  #countB = new Int32Array(1024);
  readonly #needFlat: boolean;
  readonly #needSents: boolean;
  readonly #maxN: number;

  constructor(config: RougeConfig, tokenizer: ResolvedTokenizer) {
    this.config = config;
    this.tokenizer = tokenizer;
    this.stride = config.mode === "rouge155" ? 6 : 3;
    let maxN = 0;
    let needFlat = config.mode === "rouge155";
    let needSents = false;
    for (const t of config.types) {
      if (t.kind === "n") {
        maxN = Math.max(maxN, t.n);
        needFlat = true;
      } else if (t.kind === "l") {
        if (config.mode === "rouge155") needSents = true;
        else needFlat = true;
      } else if (t.kind === "lsum" || t.kind === "w") needSents = true;
      else needFlat = true;
    }
    this.#needFlat = needFlat;
    this.#needSents = needSents;
    this.#maxN = maxN;
  }

  /** Number of statistics columns. */
  get columns(): number {
    return this.config.types.length * this.stride;
  }

  #tokens(text: string, what: string): string[] {
    if (!this.tokenizer.checksText) checkText(text, what);
    const tokens = this.tokenizer.tokenizer.tokenize(text);
    if (!Array.isArray(tokens)) {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `The tokenizer ${this.tokenizer.tokenizer.name} returned ${describeValue(tokens)} instead of an array of strings.`);
    }
    return tokens;
  }

  /** Tokenizes and interns one text. `keepStrings` keeps the token strings (for explanations). */
  prepare(text: string, what: string, keepStrings = false): PreparedText {
    const interner = this.#interner;
    const sentTokens: string[][] = [];
    let flatTokens: string[] | undefined;
    let sents: Int32Array[] = [];
    let flat: Int32Array = EMPTY;
    let counter: Int32Array = EMPTY;
    if (this.config.mode === "rouge155") {
      const { flat: pieces, sentences } = rouge155Text(text, this.config.lengthLimit, this.config.byteLimit);
      if (this.#needSents) {
        for (const s of sentences) sentTokens.push(this.#tokens(s, what));
        sents = sentTokens.map((t) => interner.ids(t));
      }
      if (this.tokenizer.lineSafe && this.#needSents && pieces === sentences) {
        flat = concat(sents);
        if (keepStrings) flatTokens = sentTokens.flat();
      } else {
        flatTokens = pieces.length === 0 ? [] : this.#tokens(pieces.join(" "), what);
        flat = interner.ids(flatTokens);
      }
      counter = flat;
    } else {
      if (this.#needSents) {
        for (const s of newlineSentences(text)) sentTokens.push(this.#tokens(s, what));
        sents = sentTokens.map((t) => interner.ids(t));
        counter = concat(sents);
        if (this.#needFlat) {
          if (this.tokenizer.lineSafe) {
            flat = counter;
            if (keepStrings) flatTokens = sentTokens.flat();
          } else {
            flatTokens = this.#tokens(text, what);
            flat = interner.ids(flatTokens);
          }
        }
      } else {
        flatTokens = this.#tokens(text, what);
        flat = interner.ids(flatTokens);
      }
    }
    if (!keepStrings) return { flat, sents, counter };
    return { flat, sents, counter, strings: { flat: flatTokens ?? [], sents: sentTokens } };
  }

  /** Makes the two count scratch arrays large enough for every id handed out. */
  #scratch(): void {
    const size = this.#interner.size;
    if (this.#countA.length < size) {
      let n = this.#countA.length;
      while (n < size) n *= 2;
      this.#countA = new Int32Array(n);
      this.#countB = new Int32Array(n);
    }
  }

  /**
   * Union-LCS hits of model sentences against peer sentences, clipped by unigram counts (rouge-score's
   * `_summary_level_lcs`, ROUGE-1.5.5's `lcs`). Returns the hits; `onHit(sentence, position)` sees each.
   */
  unionHits(
    model: PreparedText,
    peer: PreparedText,
    onHit?: (sentence: number, position: number, counted: boolean) => void,
  ): number {
    this.#scratch();
    const M = this.#countA;
    const P = this.#countB;
    for (const id of model.counter) M[id]!++;
    for (const id of peer.counter) P[id]!++;
    let hits = 0;
    for (let si = 0; si < model.sents.length; si++) {
      const s = model.sents[si]!;
      if (s.length === 0) continue;
      const idx = unionLcsIndices(s, peer.sents);
      for (let k = 0; k < idx.length; k++) {
        const t = s[idx[k]!]!;
        const counted = M[t]! > 0 && P[t]! > 0;
        if (counted) {
          hits++;
          M[t]!--;
          P[t]!--;
        }
        onHit?.(si, idx[k]!, counted);
      }
    }
    for (const id of model.counter) M[id] = 0;
    for (const id of peer.counter) P[id] = 0;
    return hits;
  }

  /**
   * ROUGE-1.5.5's `wlcs`: weighted union-LCS hits and the base `Σ f(sentence length)`. A run of
   * counted hits adds `f(run length)` when the next position is unmarked or the sentence ends.
   */
  wlcsHits(
    model: PreparedText,
    peer: PreparedText,
    onRun?: (sentence: number, start: number, length: number, weight: number) => void,
    onHit?: (sentence: number, position: number, counted: boolean) => void,
  ): { hit: number; base: number } {
    const weight = this.config.weight;
    let longest = 0;
    for (const s of model.sents) if (s.length > longest) longest = s.length;
    const f = weightTable(weight, longest + 1);
    this.#scratch();
    const M = this.#countA;
    const P = this.#countB;
    for (const id of model.counter) M[id]!++;
    for (const id of peer.counter) P[id]!++;
    let hit = 0;
    let base = 0;
    for (let si = 0; si < model.sents.length; si++) {
      const s = model.sents[si]!;
      base += f[s.length]!;
      if (s.length === 0) continue;
      const idx = unionWeightedLcsIndices(s, peer.sents, weight);
      const mask = new Uint8Array(s.length);
      for (let k = 0; k < idx.length; k++) mask[idx[k]!] = 1;
      let run = 0;
      let start = 0;
      for (let j = 0; j < s.length; j++) {
        if (mask[j] !== 1) continue;
        const t = s[j]!;
        const counted = M[t]! > 0 && P[t]! > 0;
        onHit?.(si, j, counted);
        if (!counted) continue;
        if (run === 0) start = j;
        run++;
        if ((j + 1 < s.length && mask[j + 1] === 0) || j + 1 === s.length) {
          hit += f[run]!;
          onRun?.(si, start, run, f[run]!);
          run = 0;
        }
        M[t]!--;
        P[t]!--;
      }
    }
    for (const id of model.counter) M[id] = 0;
    for (const id of peer.counter) P[id] = 0;
    return { hit, base };
  }

  /** Per type and reference: hits, counts and selection scores of one segment. */
  referenceData(hyp: PreparedText, refs: readonly PreparedText[]): ReferenceData {
    const { types, mode } = this.config;
    const K = refs.length;
    const T = types.length;
    const hit = new Float64Array(T * K);
    const model = new Float64Array(T * K);
    const peer = new Float64Array(T * K);
    const select = new Float64Array(T * K);
    const table = this.#table;
    const maxN = this.#maxN;
    const hypN = maxN > 0 ? countNgrams(table, hyp.flat, maxN) : undefined;
    let hypS: NgramCounts | undefined;
    let hypSU: NgramCounts | undefined;
    for (const t of types) {
      if (t.kind === "s" && hypS === undefined) hypS = countSkipBigrams(table, hyp.flat, this.config.skipDistance);
      if (t.kind === "su" && hypSU === undefined) hypSU = countSkipBigrams(table, hyp.flat, this.config.skipDistance, { unigrams: true });
    }
    const rouge155 = mode === "rouge155";
    for (let r = 0; r < K; r++) {
      const ref = refs[r]!;
      const refN = hypN !== undefined ? countNgrams(table, ref.flat, maxN) : undefined;
      const ovN = refN !== undefined ? overlap(refN, hypN!) : undefined;
      let ovS: Int32Array | undefined;
      let refS: NgramCounts | undefined;
      let ovSU: Int32Array | undefined;
      let refSU: NgramCounts | undefined;
      for (let ti = 0; ti < T; ti++) {
        const t = types[ti]!;
        const i = ti * K + r;
        switch (t.kind) {
          case "n": {
            hit[i] = ovN![t.n - 1]!;
            model[i] = refN!.totals[t.n - 1]!;
            peer[i] = hypN!.totals[t.n - 1]!;
            if (rouge155) select[i] = model[i] !== 0 ? round5(hit[i]! / model[i]!) : 0;
            break;
          }
          case "s":
          case "su": {
            let h: Int32Array;
            let m: NgramCounts;
            let p: NgramCounts;
            if (t.kind === "s") {
              refS ??= countSkipBigrams(table, ref.flat, this.config.skipDistance);
              ovS ??= overlap(refS, hypS!);
              h = ovS;
              m = refS;
              p = hypS!;
            } else {
              refSU ??= countSkipBigrams(table, ref.flat, this.config.skipDistance, { unigrams: true });
              ovSU ??= overlap(refSU, hypSU!);
              h = ovSU;
              m = refSU;
              p = hypSU!;
            }
            hit[i] = h[0]! + h[1]!;
            model[i] = m.totals[0]! + m.totals[1]!;
            peer[i] = p.totals[0]! + p.totals[1]!;
            select[i] = model[i] !== 0 ? round5(hit[i]! / model[i]!) : 0;
            break;
          }
          case "l": {
            if (rouge155) {
              const h = this.unionHits(ref, hyp);
              let base = 0;
              for (const s of ref.sents) base += s.length;
              hit[i] = h;
              model[i] = base;
              peer[i] = hyp.flat.length;
              select[i] = base > 0 ? h / base : 0;
            } else {
              hit[i] = ref.flat.length > 0 && hyp.flat.length > 0 ? lcsLength(ref.flat, hyp.flat) : 0;
              model[i] = ref.flat.length;
              peer[i] = hyp.flat.length;
            }
            break;
          }
          case "lsum": {
            let m = 0;
            let n = 0;
            for (const s of ref.sents) m += s.length;
            for (const s of hyp.sents) n += s.length;
            hit[i] = m > 0 && n > 0 ? this.unionHits(ref, hyp) : 0;
            model[i] = m;
            peer[i] = n;
            break;
          }
          case "w": {
            const w = this.config.weight;
            const { hit: h, base } = this.wlcsHits(ref, hyp);
            if (base === 0 && this.config.emptyReference === "error") throw wlcsDivisionByZero(r);
            hit[i] = h;
            model[i] = pow(base, w);
            peer[i] = pow(hyp.flat.length, w);
            select[i] = base === 0 ? 0 : pow(h / base, 1 / w);
            break;
          }
        }
      }
    }
    return { refs: K, hit, model, peer, select };
  }

  /** Writes P, R, F of one type from hits and counts into `out[o…o+2]`. */
  values(t: TypeSpec, hit: number, model: number, peer: number, out: Float64Array, o: number): void {
    if (this.config.mode === "rouge155") {
      const inverse = t.kind === "w" ? 1 / this.config.weight : 0;
      const R = model !== 0 ? round5(inverse ? pow(hit / model, inverse) : hit / model) : 0;
      const P = peer !== 0 ? round5(inverse ? pow(hit / peer, inverse) : hit / peer) : 0;
      out[o] = P;
      out[o + 1] = R;
      out[o + 2] = fmeasure155(P, R, this.config.alpha);
      return;
    }
    let p: number;
    let r: number;
    if (t.kind === "n") {
      p = hit / Math.max(peer, 1);
      r = hit / Math.max(model, 1);
    } else if (model === 0 || peer === 0) {
      p = 0;
      r = 0;
    } else {
      p = hit / peer;
      r = hit / model;
    }
    out[o] = p;
    out[o + 1] = r;
    out[o + 2] = fmeasure(p, r);
  }

  /** The reference the base selection of the mode picks among `candidates` (rouge155: best recall, else best F). */
  #pick(ti: number, data: ReferenceData, perRef: Float64Array, candidates: (r: number) => boolean, byRecall: boolean): number {
    const K = data.refs;
    let best = -1;
    let bestScore = -Infinity;
    for (let r = 0; r < K; r++) {
      if (!candidates(r)) continue;
      const score = byRecall ? (this.config.mode === "rouge155" ? data.select[ti * K + r]! : perRef[r * 3 + 1]!) : perRef[r * 3 + 2]!;
      if (score > bestScore) {
        bestScore = score;
        best = r;
      }
    }
    return best;
  }

  /**
   * Combines the references of each type by the multi-reference policy into the segment's statistics
   * row: per type P, R, F (and model count, peer count, hits in rouge155 mode). `chosen` receives the
   * references each type used.
   */
  combine(data: ReferenceData, chosen?: number[][]): Float64Array {
    const { types, multiRef, mode } = this.config;
    const stride = this.stride;
    const K = data.refs;
    const out = new Float64Array(types.length * stride);
    const perRef = new Float64Array(K * 3);
    const rouge155 = mode === "rouge155";
    for (let ti = 0; ti < types.length; ti++) {
      const t = types[ti]!;
      const o = ti * stride;
      const base = ti * K;
      const setCounts = (m: number, p: number, h: number) => {
        if (rouge155) {
          out[o + 3] = m;
          out[o + 4] = p;
          out[o + 5] = h;
        }
      };
      const useRef = (r: number) => {
        this.values(t, data.hit[base + r]!, data.model[base + r]!, data.peer[base + r]!, out, o);
        setCounts(data.model[base + r]!, data.peer[base + r]!, data.hit[base + r]!);
        chosen?.push([r]);
      };
      if (multiRef === "pooled") {
        let h = 0;
        let m = 0;
        let p = 0;
        for (let r = 0; r < K; r++) {
          h += data.hit[base + r]!;
          m += data.model[base + r]!;
          p += data.peer[base + r]!;
        }
        this.values(t, h, m, p, out, o);
        setCounts(m, p, h);
        chosen?.push(Array.from({ length: K }, (_, r) => r));
        continue;
      }
      for (let r = 0; r < K; r++) this.values(t, data.hit[base + r]!, data.model[base + r]!, data.peer[base + r]!, perRef, r * 3);
      if (multiRef === "best-f" || multiRef === "best-recall") {
        useRef(this.#pick(ti, data, perRef, () => true, multiRef === "best-recall"));
        continue;
      }
      // average and jackknife: means of per-reference results.
      let sp = 0;
      let sr = 0;
      let sf = 0;
      let sm = 0;
      let spc = 0;
      let sh = 0;
      let count = 0;
      const used: number[] = [];
      const add = (r: number) => {
        sp += perRef[r * 3]!;
        sr += perRef[r * 3 + 1]!;
        sf += perRef[r * 3 + 2]!;
        sm += data.model[base + r]!;
        spc += data.peer[base + r]!;
        sh += data.hit[base + r]!;
        count++;
        used.push(r);
      };
      if (multiRef === "average" || K === 1) {
        if (multiRef === "average") for (let r = 0; r < K; r++) add(r);
        else add(this.#pick(ti, data, perRef, () => true, rouge155));
      } else {
        for (let k = 0; k < K; k++) add(this.#pick(ti, data, perRef, (r) => r !== k, rouge155));
      }
      const mean = (x: number) => (rouge155 ? round5(x / count) : x / count);
      out[o] = mean(sp);
      out[o + 1] = mean(sr);
      out[o + 2] = mean(sf);
      setCounts(sm / count, spc / count, sh / count);
      chosen?.push(used);
    }
    return out;
  }

  /** The statistics row of one segment. */
  segment(hyp: string, refs: readonly string[]): Float64Array {
    this.#interner.maybeReset();
    this.#table.clear();
    const h = this.prepare(hyp, "The hypothesis");
    const prepared = new Array<PreparedText>(refs.length);
    for (let r = 0; r < refs.length; r++) prepared[r] = this.prepare(refs[r]!, `Reference ${r}`);
    return this.combine(this.referenceData(h, prepared));
  }

  /** Starts a segment for callers that prepare texts themselves (explanations). */
  begin(): void {
    this.#interner.maybeReset();
    this.#table.clear();
  }
}

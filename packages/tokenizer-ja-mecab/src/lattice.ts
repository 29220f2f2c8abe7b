import type { Ipadic } from "@gramscore/dict-ipadic";

/**
 * MeCab 0.996's best path over IPADIC, written from its documented behaviour and rules:
 *
 * - The sentence is read left to right; a position is expanded only when some node ends there.
 * - At a position, characters that share a category with SPACE are skipped (each character compared
 *   with the one before it); the nodes start after them but span them for the lattice.
 * - Dictionary words are every lexicon surface that is a prefix of the rest (shortest first, the
 *   entries of one surface in lexicon order).
 * - Unknown words of the first character's default category are added when no word was found or the
 *   category is `invoke`: the whole run (`group`, a run compared character to character, at most 24
 *   characters after the first) and the runs of 1..`length` characters of that category.
 * - A node's cost is the smallest left cost plus connection cost plus its word cost; on a tie the left
 *   node that was added to the position last wins. EOS connects to the last position with nodes.
 *
 * Positions are UTF-16 code units; a surrogate pair is one character of class 0 (MeCab maps every
 * character outside the BMP to U+0000).
 */

/** MeCab's default limit on the characters of a grouped unknown word after its first one. */
const MAX_GROUPING_SIZE = 24;

const TYPE_MASK = 0x3ffff;

/** Reusable per-sentence storage, grown on demand. */
class Nodes {
  begin = new Int32Array(256);
  end = new Int32Array(256);
  left = new Int32Array(256);
  right = new Int32Array(256);
  wcost = new Int32Array(256);
  cost = new Float64Array(256);
  prev = new Int32Array(256);
  /** The next node in the list of nodes ending where this one ends (MeCab's enext). */
  enext = new Int32Array(256);
  size = 0;

  add(begin: number, end: number, left: number, right: number, wcost: number): void {
    if (this.size === this.begin.length) this.grow();
    const i = this.size++;
    this.begin[i] = begin;
    this.end[i] = end;
    this.left[i] = left;
    this.right[i] = right;
    this.wcost[i] = wcost;
  }

  private grow(): void {
    const n = this.begin.length * 2;
    const g = <T extends Int32Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a);
      return b;
    };
    this.begin = g(this.begin);
    this.end = g(this.end);
    this.left = g(this.left);
    this.right = g(this.right);
    this.wcost = g(this.wcost);
    this.cost = g(this.cost);
    this.prev = g(this.prev);
    this.enext = g(this.enext);
  }
}

/** A reusable MeCab lattice over one dictionary. */
export class Lattice {
  private readonly dic: Ipadic;
  private readonly space: number;
  private readonly nodes = new Nodes();
  /** The last node added among those ending at each position (-1: none); the rest follow enext. */
  private ends = new Int32Array(256);
  /** For each UTF-16 code unit, the range [lo, hi) of surfaces starting with it. */
  private readonly firstRange: Uint32Array;
  /** The character class and length in code units of the last {@link charAt} call. */
  private cls = 0;
  private clen = 0;

  constructor(dic: Ipadic) {
    this.dic = dic;
    this.space = dic.charClass[0x20]!;
    this.firstRange = firstRanges(dic);
  }

  /** Reads the character at `pos` of `text` (class and code-unit length into cls / clen). */
  private charAt(text: string, pos: number, end: number): void {
    if (pos >= end) {
      // MeCab reads the string's terminating NUL there.
      this.cls = this.dic.charClass[0]!;
      this.clen = 1;
      return;
    }
    const c = text.charCodeAt(pos);
    if (c >= 0xd800 && c <= 0xdbff && pos + 1 < end) {
      const d = text.charCodeAt(pos + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        this.cls = this.dic.charClass[0]!;
        this.clen = 2;
        return;
      }
    }
    this.cls = c < 0xffff ? this.dic.charClass[c]! : this.dic.charClass[0]!;
    this.clen = 1;
  }

  /**
   * From `pos`, skips characters while each shares a category with the one before it (the first is
   * compared with `cls`). Returns the position reached; `this.cls` / `this.clen` are then those of the
   * character that stopped the run (or of the last one read), `this.run` the number skipped.
   */
  private run = 0;
  private seek(text: string, pos: number, end: number, cls: number): number {
    let p = pos;
    this.run = 0;
    while (p !== end) {
      this.charAt(text, p, end);
      if ((cls & this.cls & TYPE_MASK) === 0) break;
      p += this.clen;
      this.run++;
      cls = this.cls;
    }
    return p;
  }

  /** The surfaces of the best path through `text` (already stripped, not empty). */
  parse(text: string): string[] {
    const dic = this.dic;
    const nodes = this.nodes;
    const len = text.length;
    nodes.size = 0;
    if (this.ends.length < len + 1) this.ends = new Int32Array(Math.max(len + 1, 2 * this.ends.length));
    const ends = this.ends;
    ends.fill(-1, 0, len + 1);
    // BOS
    nodes.add(0, 0, 0, 0, 0);
    nodes.cost[0] = 0;
    nodes.prev[0] = -1;
    nodes.enext[0] = -1;
    ends[0] = 0;
    for (let pos = 0; pos < len; pos++) {
      if (ends[pos]! < 0) continue;
      const first = nodes.size;
      this.lookup(text, pos, len);
      this.connect(pos, first, nodes.size);
    }
    // EOS
    let eos = -1;
    for (let pos = len; pos >= 0; pos--) {
      if (ends[pos]! >= 0) {
        const first = nodes.size;
        nodes.add(len, len, 0, 0, 0);
        this.connect(pos, first, nodes.size);
        eos = first;
        break;
      }
    }
    const out: string[] = [];
    for (let n = nodes.prev[eos]!; n > 0; n = nodes.prev[n]!) out.push(text.slice(nodes.begin[n], nodes.end[n]));
    return out.reverse();
  }

  /** Connects the nodes first..last-1 (added in that order) to the nodes ending at `pos`. */
  private connect(pos: number, first: number, last: number): void {
    const nodes = this.nodes;
    const { matrix, lsize } = this.dic;
    const ends = this.ends;
    const head = ends[pos]!;
    // MeCab links new nodes in front of a list, so it visits them last-added first.
    for (let r = last - 1; r >= first; r--) {
      const base = lsize * nodes.left[r]!;
      const wcost = nodes.wcost[r]!;
      let best = -1;
      let bestCost = Infinity;
      for (let l = head; l >= 0; l = nodes.enext[l]!) {
        const cost = nodes.cost[l]! + matrix[nodes.right[l]! + base]! + wcost;
        if (cost < bestCost) {
          bestCost = cost;
          best = l;
        }
      }
      nodes.prev[r] = best;
      nodes.cost[r] = bestCost;
      const x = nodes.end[r]!;
      nodes.enext[r] = ends[x]!;
      ends[x] = r;
    }
  }

  /** Adds the nodes that start at `pos` (after any spaces), in MeCab's order. */
  private lookup(text: string, pos: number, end: number): void {
    const dic = this.dic;
    const nodes = this.nodes;
    const begin2 = this.seek(text, pos, end, this.space);
    const cinfo = this.cls;
    let mblen = this.clen;
    const found = nodes.size;

    // Dictionary words: every surface that is a prefix of text[begin2..], shortest first.
    const { text: lex, surfaceStart, entryStart, entries } = dic;
    // The first character's range comes from a table, the next ones from binary searches.
    const c0 = begin2 < end ? text.charCodeAt(begin2) : 0;
    let lo = this.firstRange[2 * c0]!;
    let hi = this.firstRange[2 * c0 + 1]!;
    if (lo < hi && surfaceStart[lo + 1]! - surfaceStart[lo]! === 1) {
      for (let j = entryStart[lo]!; j < entryStart[lo + 1]!; j++) {
        nodes.add(begin2, begin2 + 1, entries[3 * j]!, entries[3 * j + 1]!, entries[3 * j + 2]!);
      }
    }
    for (let k = 1; lo < hi && begin2 + k < end; k++) {
      const c = text.charCodeAt(begin2 + k);
      if (surfaceStart[lo + 1]! - surfaceStart[lo]! === k) lo++;
      // First surface in [lo, hi) whose k-th unit is >= c, then the first > c.
      let a = lo;
      let b = hi;
      while (a < b) {
        const m = (a + b) >>> 1;
        if (lex.charCodeAt(surfaceStart[m]! + k) < c) a = m + 1;
        else b = m;
      }
      let e = a;
      b = hi;
      while (e < b) {
        const m = (e + b) >>> 1;
        if (lex.charCodeAt(surfaceStart[m]! + k) <= c) e = m + 1;
        else b = m;
      }
      lo = a;
      hi = e;
      if (lo < hi && surfaceStart[lo + 1]! - surfaceStart[lo]! === k + 1) {
        for (let j = entryStart[lo]!; j < entryStart[lo + 1]!; j++) {
          nodes.add(begin2, begin2 + k + 1, entries[3 * j]!, entries[3 * j + 1]!, entries[3 * j + 2]!);
        }
      }
    }

    const cat = dic.categories[cinfo >>> 18]!;
    if (nodes.size > found && !cat.invoke) return;

    const unknown = dic.unknown[cinfo >>> 18]!;
    const addUnknown = (to: number): void => {
      for (let k = 0; k < unknown.length; k += 3) nodes.add(begin2, to, unknown[k]!, unknown[k + 1]!, unknown[k + 2]!);
    };

    let begin3 = begin2 + mblen;
    let groupBegin3 = -1;
    if (begin3 > end) {
      addUnknown(begin3);
      if (nodes.size > found) return;
    }
    if (cat.group) {
      const p = this.seek(text, begin3, end, cinfo);
      if (this.run <= MAX_GROUPING_SIZE) addUnknown(p);
      groupBegin3 = p;
    }
    for (let i = 1; i <= cat.length; i++) {
      if (begin3 > end) break;
      if (begin3 === groupBegin3) continue;
      addUnknown(begin3);
      this.charAt(text, begin3, end);
      if ((cinfo & this.cls & TYPE_MASK) === 0) break;
      mblen = this.clen;
      begin3 += mblen;
    }
    if (nodes.size === found) addUnknown(begin3);
  }
}

const FIRST_RANGES = new WeakMap<Ipadic, Uint32Array>();

/** For each UTF-16 code unit c, the surfaces starting with it: [lo, hi) at 2c, 2c + 1 (built once per dictionary). */
function firstRanges(dic: Ipadic): Uint32Array {
  let table = FIRST_RANGES.get(dic);
  if (table) return table;
  table = new Uint32Array(2 * 0x10000);
  const n = dic.surfaceStart.length - 1;
  for (let i = 0; i < n; i++) {
    const c = dic.text.charCodeAt(dic.surfaceStart[i]!);
    if (table[2 * c + 1] === 0) table[2 * c] = i;
    table[2 * c + 1] = i + 1;
  }
  FIRST_RANGES.set(dic, table);
  return table;
}

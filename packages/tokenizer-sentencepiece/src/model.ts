/**
 * The segmentation models of sentencepiece 0.1.x: unigram (`EncodeOptimized`, the Viterbi search the
 * library uses by default), BPE (greedy merges by score, ties to the leftmost pair), word and char.
 * Each returns the pieces of a normalized UTF-8 string as [start, end, id] triples.
 */
import { ByteTrie, oneCharLen } from "./bytes.js";
import { ModelType, PieceType, type ModelProto } from "./proto.js";

/** One piece of an encoding: the byte range of the normalized text and the vocabulary id. */
export interface Span {
  start: number;
  end: number;
  id: number;
}

/** `kUnkPenalty` of unigram_model.cc. */
const UNK_PENALTY = 10;
const FLT_MAX = 3.4028234663852886e38;
const FLT_MIN = 1.1754943508222875e-38;
const f32 = Math.fround;

/** The vocabulary of a model, indexed as `ModelInterface::InitializePieces` does. */
export class Vocabulary {
  /** NORMAL, USER_DEFINED and UNUSED pieces (`pieces_`). */
  readonly pieces = new ByteTrie();
  /** CONTROL, UNKNOWN and BYTE pieces (`reserved_id_map_`), by text. */
  readonly reserved = new Map<string, number>();
  /** USER_DEFINED pieces, longest match first (`PrefixMatcher`), or undefined when there are none. */
  readonly userDefined: ByteTrie | undefined;
  readonly types: Uint8Array;
  readonly scores: Float32Array;
  readonly unkId: number;
  /** Smallest and largest score of NORMAL pieces (the largest starts at FLT_MIN, as in the library). */
  readonly minScore: number;
  readonly maxScore: number;

  constructor(readonly proto: ModelProto) {
    const enc = new TextEncoder();
    const n = proto.pieces.length;
    this.types = new Uint8Array(n);
    this.scores = new Float32Array(n);
    let unk = -1;
    let user: ByteTrie | undefined;
    let min = FLT_MAX;
    let max = FLT_MIN;
    // The library refuses duplicates; the first definition is kept here.
    const seen = new Set<string>();
    proto.pieces.forEach((p, i) => {
      this.types[i] = p.type;
      this.scores[i] = p.score;
      const normal = p.type === PieceType.NORMAL || p.type === PieceType.USER_DEFINED || p.type === PieceType.UNUSED;
      if (!seen.has(p.piece)) {
        seen.add(p.piece);
        if (normal) this.pieces.insert(enc.encode(p.piece), i);
        else this.reserved.set(p.piece, i);
      }
      if (p.type === PieceType.USER_DEFINED) (user ??= new ByteTrie()).insert(enc.encode(p.piece), i);
      if (p.type === PieceType.UNKNOWN) unk = i;
      if (p.type === PieceType.NORMAL) {
        min = Math.min(min, p.score);
        max = Math.max(max, p.score);
      }
    });
    this.userDefined = user;
    this.unkId = unk;
    this.minScore = min;
    this.maxScore = max;
  }

  /** `PieceToId`: the id of a piece given as bytes, or the unknown id. */
  pieceToId(bytes: Uint8Array, start: number, end: number, text: () => string): number {
    const id = this.pieces.get(bytes, start, end);
    if (id >= 0) return id;
    return this.reserved.get(text()) ?? this.unkId;
  }

  /** The length of the first unit at `start`: a user-defined piece, else one character (`PrefixMatch`). */
  prefixMatch(bytes: Uint8Array, start: number, end: number): { length: number; found: boolean } {
    const n = this.userDefined?.longestPrefix(bytes, start, end) ?? 0;
    if (n > 0) return { length: n, found: true };
    return { length: Math.min(oneCharLen(bytes[start]!), end - start), found: false };
  }
}

/** Unigram `Model::EncodeOptimized`. */
export function encodeUnigram(vocab: Vocabulary, text: Uint8Array): Span[] {
  const size = text.length;
  if (size === 0) return [];
  const unkScore = f32(vocab.minScore - UNK_PENALTY);
  const bestScore = new Float64Array(size + 1);
  const startsAt = new Int32Array(size + 1).fill(-1);
  const ids = new Int32Array(size + 1).fill(-1);
  const trie = vocab.pieces;
  const types = vocab.types;
  const scores = vocab.scores;
  const maxScore = vocab.maxScore;
  let start = 0;
  while (start < size) {
    const till = bestScore[start]!;
    let hasSingle = false;
    const mblen = Math.min(oneCharLen(text[start]!), size - start);
    let node = 0;
    for (let pos = start; pos < size; ) {
      node = trie.step(node, text[pos]!);
      if (node < 0) break;
      pos++;
      const id = trie.value(node);
      if (id < 0) continue;
      const type = types[id]!;
      if (type === PieceType.UNUSED) continue;
      const length = pos - start;
      // The library's score is a double (the user-defined bonus `length * max_score_ - 0.1` makes the
      // conditional expression double), so the sum is compared in double and stored as a float.
      const candidate = (type === PieceType.USER_DEFINED ? f32(length * maxScore) - 0.1 : scores[id]!) + till;
      if (startsAt[pos] === -1 || candidate > bestScore[pos]!) {
        bestScore[pos] = f32(candidate);
        startsAt[pos] = start;
        ids[pos] = id;
      }
      if (!hasSingle && length === mblen) hasSingle = true;
    }
    if (!hasSingle) {
      const at = start + mblen;
      const candidate = f32(unkScore + till);
      if (startsAt[at] === -1 || candidate > bestScore[at]!) {
        bestScore[at] = candidate;
        startsAt[at] = start;
        ids[at] = vocab.unkId;
      }
    }
    start += mblen;
  }
  const out: Span[] = [];
  for (let end = size; end > 0; ) {
    const s = startsAt[end]!;
    out.push({ start: s, end, id: ids[end]! });
    end = s;
  }
  return out.reverse();
}

/** BPE `Model::Encode`: merges the best-scoring adjacent pair (leftmost on ties) until none is left. */
export function encodeBpe(vocab: Vocabulary, text: Uint8Array, decode: (s: number, e: number) => string): Span[] {
  const size = text.length;
  if (size === 0) return [];
  // Symbols: byte ranges with prev/next links; `len` 0 marks a symbol merged into its left neighbour.
  const starts: number[] = [];
  const lens: number[] = [];
  const freeze: boolean[] = [];
  for (let pos = 0; pos < size; ) {
    const m = vocab.prefixMatch(text, pos, size);
    starts.push(pos);
    lens.push(m.length);
    freeze.push(m.found);
    pos += m.length;
  }
  const n = starts.length;
  const prev = Int32Array.from({ length: n }, (_, i) => i - 1);
  const next = Int32Array.from({ length: n }, (_, i) => (i + 1 < n ? i + 1 : -1));
  const heap = new PairHeap();
  // Merged pieces that are UNUSED are split back into the two symbols they came from.
  const revMerge = new Map<string, [number, number, number]>();
  const types = vocab.types;
  const add = (left: number, right: number): void => {
    if (left === -1 || right === -1 || freeze[left] || freeze[right]) return;
    const s = starts[left]!;
    const e = s + lens[left]! + lens[right]!;
    const id = vocab.pieces.get(text, s, e);
    if (id < 0) return;
    heap.push(vocab.scores[id]!, left, right, e - s);
    if (types[id] === PieceType.UNUSED) revMerge.set(decode(s, e), [s, s + lens[left]!, e]);
  };
  for (let i = 1; i < n; i++) add(i - 1, i);
  while (heap.size > 0) {
    const { left, right, size: pairSize } = heap.pop();
    if (lens[left] === 0 || lens[right] === 0 || lens[left]! + lens[right]! !== pairSize) continue;
    lens[left] = pairSize;
    next[left] = next[right]!;
    if (next[right]! >= 0) prev[next[right]!] = left;
    lens[right] = 0;
    add(prev[left]!, left);
    add(left, next[left]!);
  }
  const out: Span[] = [];
  const resegment = (s: number, e: number): void => {
    const id = vocab.pieceToId(text, s, e, () => decode(s, e));
    if (id === -1 || types[id] !== PieceType.UNUSED) {
      out.push({ start: s, end: e, id });
      return;
    }
    const split = revMerge.get(decode(s, e));
    if (split === undefined) {
      out.push({ start: s, end: e, id });
      return;
    }
    resegment(split[0], split[1]);
    resegment(split[1], split[2]);
  };
  for (let i = 0; i !== -1; i = next[i]!) resegment(starts[i]!, starts[i]! + lens[i]!);
  return out;
}

/** Char `Model::Encode`: one piece per character (or user-defined piece). */
export function encodeChar(vocab: Vocabulary, text: Uint8Array, decode: (s: number, e: number) => string): Span[] {
  const out: Span[] = [];
  for (let pos = 0; pos < text.length; ) {
    const { length } = vocab.prefixMatch(text, pos, text.length);
    const s = pos;
    out.push({ start: s, end: s + length, id: vocab.pieceToId(text, s, s + length, () => decode(s, s + length)) });
    pos += length;
  }
  return out;
}

/** Word `Model::Encode`: splits before each U+2581 (after it when whitespace is a suffix). */
export function encodeWord(vocab: Vocabulary, text: Uint8Array, decode: (s: number, e: number) => string, suffix: boolean): Span[] {
  const bounds: number[] = [];
  const size = text.length;
  for (let pos = 0; pos < size; ) {
    const len = Math.min(oneCharLen(text[pos]!), size - pos);
    const ws = len === 3 && text[pos] === 0xe2 && text[pos + 1] === 0x96 && text[pos + 2] === 0x81;
    if (pos === 0) bounds.push(0);
    else if (!suffix && ws) bounds.push(pos);
    pos += len;
    if (suffix && ws && pos < size) bounds.push(pos);
  }
  bounds.push(size);
  const out: Span[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const s = bounds[i]!;
    const e = bounds[i + 1]!;
    if (e > s) out.push({ start: s, end: e, id: vocab.pieceToId(text, s, e, () => decode(s, e)) });
  }
  return out;
}

/**
 * Encodes normalized text with the model's segmentation. Adjacent unknown pieces are merged into one,
 * as the library does (a known piece never holds an unknown character, so the merged piece is still
 * unknown).
 */
export function encodeNormalized(vocab: Vocabulary, text: Uint8Array, decode: (s: number, e: number) => string): Span[] {
  let spans: Span[];
  switch (vocab.proto.modelType) {
    case ModelType.BPE:
      spans = encodeBpe(vocab, text, decode);
      break;
    case ModelType.CHAR:
      spans = encodeChar(vocab, text, decode);
      break;
    case ModelType.WORD:
      spans = encodeWord(vocab, text, decode, vocab.proto.treatWhitespaceAsSuffix);
      break;
    default:
      spans = encodeUnigram(vocab, text);
  }
  const unk = vocab.unkId;
  const out: Span[] = [];
  for (const span of spans) {
    const last = out[out.length - 1];
    if (span.id === unk && last !== undefined && last.id === unk && last.end === span.start) last.end = span.end;
    else out.push(span);
  }
  return out;
}

/**
 * A max-heap of symbol pairs ordered as the library's agenda: higher score first, then the smaller
 * left index.
 */
class PairHeap {
  private score: number[] = [];
  private left: number[] = [];
  private right: number[] = [];
  private len: number[] = [];
  size = 0;

  private before(i: number, j: number): boolean {
    const a = this.score[i]!;
    const b = this.score[j]!;
    return a > b || (a === b && this.left[i]! < this.left[j]!);
  }

  private swap(i: number, j: number): void {
    const { score, left, right, len } = this;
    const s = score[i]!;
    score[i] = score[j]!;
    score[j] = s;
    const l = left[i]!;
    left[i] = left[j]!;
    left[j] = l;
    const r = right[i]!;
    right[i] = right[j]!;
    right[j] = r;
    const n = len[i]!;
    len[i] = len[j]!;
    len[j] = n;
  }

  push(score: number, left: number, right: number, size: number): void {
    let i = this.size++;
    this.score[i] = score;
    this.left[i] = left;
    this.right[i] = right;
    this.len[i] = size;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }

  pop(): { left: number; right: number; size: number } {
    const top = { left: this.left[0]!, right: this.right[0]!, size: this.len[0]! };
    const last = --this.size;
    if (last > 0) {
      this.score[0] = this.score[last]!;
      this.left[0] = this.left[last]!;
      this.right[0] = this.right[last]!;
      this.len[0] = this.len[last]!;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < last && this.before(l, best)) best = l;
        if (r < last && this.before(r, best)) best = r;
        if (best === i) break;
        this.swap(i, best);
        i = best;
      }
    }
    return top;
  }
}

/**
 * The reference side of a segment, kept between segments: references are scored against every system,
 * so their token ids (and, for rouge-score's ROUGE-N and rougeL, their local ids and LCS bit masks)
 * are computed once per distinct reference text, in core's `BoundedCache` (entries and estimated
 * bytes, {@link entryBytes}).
 */
import type { PreparedText } from "./prepared.js";

/** References kept by default (the same bound as BLEU's `referenceCache`). */
export const REFERENCE_CACHE = 65_536;
/** Estimated bytes the references may hold by default: 32 MiB (as BLEU's `referenceCacheBytes`). */
export const REFERENCE_CACHE_BYTES = 32 * 1024 * 1024;
/** Fixed bytes counted per cached reference: the map slot, the entry and its array objects. */
const ENTRY_OVERHEAD = 640;
/** Most 32-bit words of LCS bit masks kept for one reference (256 KiB); longer ones are not masked. */
const MASK_WORDS = 1 << 16;

/** A reference's tables for rouge-score's ROUGE-N and rougeL (see {@link buildTables}). */
export interface ReferenceTables {
  /** The distinct token ids in order of first appearance: local id `i` is `distinct[i]`. */
  readonly distinct: Int32Array;
  /** The tokens as local ids. */
  readonly local: Int32Array;
  /** 32-bit words per local id in {@link masks}: `⌈|local| / 32⌉`. */
  readonly words: number;
  /**
   * Where each local id occurs (bit `i % 32` of word `id · words + ⌊i / 32⌋`), for the bit-parallel
   * LCS; undefined when they would take more than {@link MASK_WORDS} words.
   */
  readonly masks: Uint32Array | undefined;
}

/** One cached reference. */
export interface ReferenceEntry {
  /** The token ids of the text. */
  readonly prepared: PreparedText;
  /** Its tables, when the engine scores ROUGE-N and rougeL from them. */
  readonly tables: ReferenceTables | undefined;
}

/**
 * The tables of a token-id sequence. `localOf` is indexed by token id, holds −1 everywhere (as it does
 * again on return) and is at least as long as the largest id + 1; `scratch` holds at least `ids.length`
 * entries.
 */
export function buildTables(ids: Int32Array, localOf: Int32Array, scratch: Int32Array): ReferenceTables {
  const m = ids.length;
  const local = new Int32Array(m);
  let L = 0;
  for (let i = 0; i < m; i++) {
    const g = ids[i]!;
    let x = localOf[g]!;
    if (x < 0) {
      x = localOf[g] = L;
      scratch[L++] = g;
    }
    local[i] = x;
  }
  const distinct = scratch.slice(0, L);
  for (let i = 0; i < L; i++) localOf[distinct[i]!] = -1;
  const words = (m + 31) >>> 5;
  let masks: Uint32Array | undefined;
  if (L * words <= MASK_WORDS) {
    masks = new Uint32Array(L * words);
    for (let i = 0; i < m; i++) masks[local[i]! * words + (i >>> 5)]! |= 1 << (i & 31);
  }
  return { distinct, local, words, masks };
}

/** The bytes a cached reference is estimated to hold: its text at 2 bytes per unit, its arrays, the overhead. */
export function entryBytes(text: string, entry: ReferenceEntry): number {
  const p = entry.prepared;
  let bytes = ENTRY_OVERHEAD + 2 * text.length + 4 * (p.flat.length + p.counter.length) + 96 * p.sents.length;
  const t = entry.tables;
  if (t !== undefined) bytes += 4 * (t.distinct.length + t.local.length + (t.masks?.length ?? 0));
  return bytes;
}

import type { NistSegment } from "./score.js";

/**
 * The canonical chunking of a sequence of `total` segments: chunk sizes are the binary digits of
 * `total`, largest first (13 segments: 8, 4, 1). Merging statistics keeps this form, so adding
 * segments one at a time copies O(log N) segments per merge on average (a binary counter), the
 * chunk list stays shorter than 53 entries, and the same segments in the same order always have the
 * same JSON, however they were merged.
 */
export function canonicalChunks(parts: readonly (readonly NistSegment[])[]): NistSegment[][] {
  let total = 0;
  for (const p of parts) total += p.length;
  const out: NistSegment[][] = [];
  let part = 0;
  let offset = 0;
  // Skip empty parts so that `offset` always points into a non-empty part (or past the end).
  const settle = (): void => {
    while (part < parts.length && offset >= parts[part]!.length) {
      part++;
      offset = 0;
    }
  };
  settle();
  for (let bit = 2 ** Math.floor(Math.log2(Math.max(total, 1))); bit >= 1; bit /= 2) {
    if ((Math.floor(total / bit) & 1) === 0) continue;
    const current = parts[part]!;
    if (offset === 0 && current.length === bit) {
      // Reuse an input chunk that already has the right size and position (never mutated).
      out.push(current as NistSegment[]);
      part++;
      offset = 0;
      settle();
      continue;
    }
    const chunk: NistSegment[] = new Array(bit);
    let filled = 0;
    while (filled < bit) {
      const p = parts[part]!;
      const take = Math.min(bit - filled, p.length - offset);
      for (let i = 0; i < take; i++) chunk[filled + i] = p[offset + i]!;
      filled += take;
      offset += take;
      settle();
    }
    out.push(chunk);
  }
  return out;
}

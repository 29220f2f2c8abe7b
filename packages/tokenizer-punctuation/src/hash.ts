/**
 * FNV-1a (32 bit) over the UTF-8 bytes of `text`, as 8 lowercase hex digits. Used to name word lists
 * in signatures; any language can recompute it.
 */
export function fnv1a32(text: string): string {
  let h = 0x811c9dc5;
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i]!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

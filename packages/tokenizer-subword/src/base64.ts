/** Standard base64 (RFC 4648, `+/`, `=` padding) without `Buffer` or `atob`, for Node and browsers. */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
let decodeTable: Int16Array | undefined;

function table(): Int16Array {
  if (decodeTable === undefined) {
    decodeTable = new Int16Array(128).fill(-1);
    for (let i = 0; i < ALPHABET.length; i++) decodeTable[ALPHABET.charCodeAt(i)] = i;
  }
  return decodeTable;
}

/**
 * Decodes base64 text into bytes. Padding is optional; any other character is an error.
 * @throws Error on a character outside the alphabet or an impossible length.
 */
export function base64ToBytes(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  return out.subarray(0, base64Into(text, out, 0));
}

/**
 * Decodes base64 `text` into `out` starting at `offset` (which must have room for
 * `floor(text.length * 3 / 4)` bytes) and returns the number of bytes written.
 * @throws Error as {@link base64ToBytes}.
 */
export function base64Into(text: string, out: Uint8Array, offset: number): number {
  const t = table();
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 61 /* = */) end--;
  if (end % 4 === 1) throw new Error(`invalid base64 length in ${JSON.stringify(text.slice(0, 20))}`);
  let acc = 0;
  let bits = 0;
  let o = offset;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? t[c]! : -1;
    if (v < 0) throw new Error(`invalid base64 character ${JSON.stringify(text[i])} in ${JSON.stringify(text.slice(0, 20))}`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >>> bits) & 0xff;
    }
  }
  return o - offset;
}

/** Encodes bytes as padded base64 text. */
export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = "";
  const n = bytes.length;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    chunk += ALPHABET[v >>> 18]! + ALPHABET[(v >>> 12) & 63]! + ALPHABET[(v >>> 6) & 63]! + ALPHABET[v & 63]!;
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = "";
    }
  }
  if (i < n) {
    const b1 = i + 1 < n ? bytes[i + 1]! : 0;
    const v = (bytes[i]! << 16) | (b1 << 8);
    chunk += ALPHABET[v >>> 18]! + ALPHABET[(v >>> 12) & 63]! + (i + 1 < n ? ALPHABET[(v >>> 6) & 63]! : "=") + "=";
  }
  parts.push(chunk);
  return parts.join("");
}

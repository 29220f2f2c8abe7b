import { isPythonWhitespace } from "@gramscore/core";
import { checkString, rejectText } from "./classes.js";

/** Appends every code point of `text` that is not Python whitespace to `out`, as one-character strings. */
export function scanChar(text: string, out: string[]): void {
  checkString(text, "char");
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const u = text.charCodeAt(i);
    if (u < 0x80) {
      if (u > 0x20 || !isPythonWhitespace(u)) out.push(text[i]!);
    } else if (u >= 0xd800 && u <= 0xdfff) {
      const lo = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (u > 0xdbff || lo < 0xdc00 || lo > 0xdfff) rejectText(text, "char");
      out.push(text.slice(i, i + 2));
      i++;
    } else if (!isPythonWhitespace(u)) {
      out.push(text[i]!);
    }
  }
}

/**
 * The tokens of sacrebleu 2.6.0's `char` tokenizer: every code point except whitespace (astral
 * characters stay whole; combining marks are tokens of their own).
 * @throws GramscoreError `INVALID_TYPE` for a non-string, `LONE_SURROGATE` for an unpaired surrogate.
 */
export function tokenizeChar(text: string): string[] {
  const out: string[] = [];
  scanChar(text, out);
  return out;
}

/**
 * The string sacrebleu 2.6.0's `TokenizerChar()(text)` returns: every code point of `text`, whitespace
 * included, joined by single spaces (so `"a b"` gives `"a   b"`).
 * @throws GramscoreError `INVALID_TYPE` for a non-string, `LONE_SURROGATE` for an unpaired surrogate.
 */
export function normalizeChar(text: string): string {
  checkString(text, "char");
  const n = text.length;
  let out = "";
  for (let i = 0; i < n; i++) {
    const u = text.charCodeAt(i);
    let ch: string;
    if (u >= 0xd800 && u <= 0xdfff) {
      const lo = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (u > 0xdbff || lo < 0xdc00 || lo > 0xdfff) rejectText(text, "char");
      ch = text.slice(i, i + 2);
      i++;
    } else {
      ch = text[i]!;
    }
    out = out.length === 0 ? ch : `${out} ${ch}`;
  }
  return out;
}

import { isPythonWhitespace } from "@gramscore/core";
import { checkString, rejectText } from "./classes.js";
import { createTokenSpans, pushSpan, resetSpans, spansToTokens } from "./spans.js";
import type { TokenSpans } from "./spans.js";

/** Scans `text` into `spans` (reset first): every code point that is not Python whitespace. */
export function scanChar(text: string, spans: TokenSpans): TokenSpans {
  checkString(text, "char");
  resetSpans(spans, text);
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const u = text.charCodeAt(i);
    if (u < 0x80) {
      if (u > 0x20 || !isPythonWhitespace(u)) pushSpan(spans, i, i + 1);
    } else if (u >= 0xd800 && u <= 0xdfff) {
      const lo = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (u > 0xdbff || lo < 0xdc00 || lo > 0xdfff) rejectText(text, "char");
      pushSpan(spans, i, i + 2);
      i++;
    } else if (!isPythonWhitespace(u)) {
      pushSpan(spans, i, i + 1);
    }
  }
  return spans;
}

let scratch: TokenSpans | undefined;

/**
 * The tokens of sacrebleu 2.6.0's `char` tokenizer: every code point except whitespace (astral
 * characters stay whole; combining marks are tokens of their own).
 * @throws GramscoreError `INVALID_TYPE` for a non-string, `LONE_SURROGATE` for an unpaired surrogate.
 */
export function tokenizeChar(text: string): string[] {
  return spansToTokens(scanChar(text, (scratch ??= createTokenSpans())));
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

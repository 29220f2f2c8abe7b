import { assertText } from "@gramscore/core";
import { buildTable, checkString } from "./classes.js";
import { scanMteval } from "./mteval.js";
import { createTokenSpans, resetSpans, spansToTokens } from "./spans.js";
import type { TokenSpans } from "./spans.js";

let table13a: Uint8Array | undefined;

/**
 * 13a's language-independent part (`tokenizer_13a.py`): remove `<skipped>`, remove `-\n`, `\n` → space,
 * then (only when the line has a `&`) `&quot;` → `"`, `&amp;` → `&`, `&lt;` → `<`, `&gt;` → `>`, each a
 * full left-to-right replacement of the previous step's output. (`\n` → space is skipped here: both are
 * whitespace to the rules that follow, so it cannot change a token.)
 */
function preprocess(text: string): string {
  let t = text;
  if (t.includes("<skipped>")) t = t.replaceAll("<skipped>", "");
  if (t.includes("-\n")) t = t.replaceAll("-\n", "");
  if (t.includes("&")) {
    t = t.replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
  }
  if (t !== text) assertText(text, "The text given to the 13a tokenizer");
  return t;
}

/** Scans `text` into `spans` (reset first) with 13a; `spans.source` is the preprocessed text. */
export function scan13a(text: string, spans: TokenSpans): TokenSpans {
  const t = preprocess(checkString(text, "13a"));
  table13a ??= buildTable(null);
  resetSpans(spans, t);
  scanMteval(t, 0, t.length, true, table13a, null, spans, text, "13a");
  return spans;
}

let scratch: TokenSpans | undefined;

/**
 * The tokens of sacrebleu 2.6.0's `13a` tokenizer (mteval-v13a, WMT's standard): the whitespace split
 * of {@link normalize13a}, computed in one pass.
 * @throws GramscoreError `INVALID_TYPE` for a non-string, `LONE_SURROGATE` for an unpaired surrogate.
 */
export function tokenize13a(text: string): string[] {
  return spansToTokens(scan13a(text, (scratch ??= createTokenSpans())));
}

/**
 * The string sacrebleu 2.6.0's `Tokenizer13a()(text)` returns: tokens joined by single spaces.
 * @throws GramscoreError `INVALID_TYPE` for a non-string, `LONE_SURROGATE` for an unpaired surrogate.
 */
export function normalize13a(text: string): string {
  return tokenize13a(text).join(" ");
}

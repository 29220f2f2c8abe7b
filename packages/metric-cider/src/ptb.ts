/**
 * The `coco-ptb` tokenizer: what COCO caption evaluation does to a caption before scoring it. It
 * reproduces Stanford CoreNLP 3.4.1's PTBTokenizer as pycocoevalcap runs it (`-preserveLines
 * -lowerCase`, PTB3 escaping) on the constructs captions contain, then drops the tokens pycocoevalcap's
 * `PTBTokenizer.tokenize` removes (`'' ' `` ` -LRB- -RRB- -LCB- -RCB- . ? ! , : - -- ... ;`, compared
 * case-sensitively after lowercasing, so `-lrb-` and `-rrb-` stay, as they do there).
 *
 * It is a rule-based reading of the lexer's behaviour, not a port of its grammar: the README states how
 * many real captions it tokenizes exactly as the Java tokenizer does.
 */
import { ErrorCode, GramscoreError, assertText, describeValue } from "@gramscore/core";
import type { Tokenizer } from "@gramscore/core";

/** The tokens pycocoevalcap's tokenizer wrapper removes after PTBTokenizer. */
export const COCO_PUNCTUATIONS: readonly string[] = ["''", "'", "``", "`", "-LRB-", "-RRB-", "-LCB-", "-RCB-", ".", "?", "!", ",", ":", "-", "--", "...", ";"];

const DROP = new Set(COCO_PUNCTUATIONS);

/** Words PTBLexer keeps with their final period (a sample of its abbreviation list that captions use). */
const ABBREV = new Set([
  "mr", "mrs", "ms", "dr", "st", "jr", "sr", "prof", "gen", "sen", "gov", "lt", "sgt", "capt", "rev", "mt", "ave", "blvd", "vs", "etc",
  "inc", "co", "corp", "ltd", "bros", "jan", "feb", "apr", "jun", "jul", "aug", "sept", "oct", "nov", "dec", "dept",
]);

/** Abbreviations after which, at the end of a line, PTBLexer also emits a sentence-final period. */
const SENTENCE_FINAL_ABBREV = new Set(["co", "corp", "inc", "ltd", "bros", "etc", "jr", "sr", "u.s", "u.k"]);

/** Splits `word` (no whitespace) into PTB tokens, before lowercasing. */
function splitWord(word: string, out: string[], lineEnd: boolean): void {
  const tail: string[] = [];
  let w = word;
  // Leading quotes and brackets.
  for (;;) {
    const c = w[0];
    if (c === undefined) break;
    if (c === '"' || c === "\u201C" || c === "\u201E") out.push("``");
    else if (c === "\u2018") out.push("`");
    else if (c === "'" && w.length > 1 && !/^'(em|cause|n'|tis|twas|s|re|ve|ll|d|m)$/i.test(w)) out.push("`");
    else if (c === "(") out.push("-LRB-");
    else if (c === "[") out.push("-LSB-");
    else if (c === "{") out.push("-LCB-");
    else if (c === "$" || c === "#") out.push(c);
    else if (c === "-" && w.length > 1 && w[1] !== "-" && !/^-\d/.test(w)) out.push("-");
    else if (c === "\u00A3") out.push("#");
    else break;
    w = w.slice(1);
  }
  // Trailing punctuation, quotes and brackets.
  for (;;) {
    const c = w[w.length - 1];
    if (c === undefined) break;
    if (c === '"' || c === "\u201D") tail.push("''");
    else if (c === "\u2019") tail.push("'");
    else if (c === "'" && w.length > 1 && !/^'n'$/i.test(w)) tail.push("'");
    else if (c === "-" && w.length > 1 && !w.endsWith("--")) tail.push("-");
    else if (c === ")") tail.push("-RRB-");
    else if (c === "]") tail.push("-RSB-");
    else if (c === "}") tail.push("-RCB-");
    else if (c === "," || c === ";" || c === ":" || c === "?" || c === "!" || c === "%") tail.push(c);
    else if (c === "\u2026") tail.push("...");
    else if (c === "." && w.endsWith("...")) {
      tail.push("...");
      w = w.slice(0, -2);
    } else if (c === ".") {
      const stem = w.slice(0, -1);
      const lower = stem.toLowerCase();
      if (stem.length === 0) tail.push(".");
      else if (/^[A-Za-z]$/.test(stem) || /^([A-Za-z]\.)+[A-Za-z]$/.test(stem) || ABBREV.has(lower)) {
        // An abbreviation keeps its period.
        if (lineEnd && tail.length === 0 && SENTENCE_FINAL_ABBREV.has(lower)) tail.push(".");
        tail.push(w);
        w = "";
        break;
      } else tail.push(".");
    } else break;
    w = w.slice(0, -1);
  }
  if (w.length > 0) splitCore(w, out);
  for (let i = tail.length - 1; i >= 0; i--) out.push(tail[i]!);
}

const CONTRACTION = /^(.+?)(n't|'s|'re|'ve|'ll|'d|'m)$/i;
const SPECIAL: Record<string, [number]> = { cannot: [3], gonna: [3], gotta: [3], wanna: [3], gimme: [3], lemme: [3] };

/** The middle of a word: dashes, ellipses, symbols and contractions. */
function splitCore(w: string, out: string[]): void {
  // Dashes and ellipses inside a word separate it.
  const dash = /(--+|\u2014|\u2013|\.\.\.|\u2026)/;
  if (dash.test(w)) {
    for (const part of w.split(dash)) {
      if (part === "") continue;
      if (/^(--+|\u2014|\u2013)$/.test(part)) out.push("--");
      else if (part === "..." || part === "\u2026") out.push("...");
      else splitCore(part, out);
    }
    return;
  }
  // Symbols that stand alone between words.
  const sym = /([*+=;]|,(?!\d)|(?<!\d),)/;
  if (sym.test(w) && !/^[+-]?\d/.test(w)) {
    for (const part of w.split(sym)) if (part !== "") part.length === 1 && /[*+=,;]/.test(part) ? out.push(part) : splitCore(part, out);
    return;
  }
  if (/^[a-z]+&[a-z]+$/.test(w)) {
    const [a, b] = w.split("&");
    out.push(a!, "&", b!);
    return;
  }
  if (w === "&amp;") {
    out.push("&");
    return;
  }
  const lower = w.toLowerCase();
  const special = SPECIAL[lower];
  if (special !== undefined) {
    out.push(w.slice(0, special[0]), w.slice(special[0]));
    return;
  }
  const m = CONTRACTION.exec(w.replace(/\u2019/g, "'"));
  if (m !== null && !/^'/.test(m[1]!) && /[A-Za-z0-9]/.test(m[1]!)) {
    out.push(m[1]!, m[2]!);
    return;
  }
  if (/^y'all$/i.test(w)) {
    out.push(w.slice(0, 2), w.slice(2));
    return;
  }
  out.push(w);
}

const SPACE = /[\s\u00A0\u2028\u2029]+/u;

/**
 * The PTB tokens of one caption, lowercased (PTBTokenizer `-preserveLines -lowerCase` on one line),
 * before pycocoevalcap's punctuation removal.
 */
export function ptbTokens(text: string): string[] {
  const out: string[] = [];
  const words = text.replace(/&amp;/gi, "&").split(SPACE).filter((w) => w !== "");
  words.forEach((w, i) => splitWord(w, out, i === words.length - 1));
  for (let i = 0; i < out.length; i++) out[i] = out[i]!.toLowerCase();
  return out;
}

/** A caption as COCO evaluation scores it: {@link ptbTokens} without the punctuation pycocoevalcap removes. */
export function cocoPtbTokenize(text: string): string[] {
  return ptbTokens(text).filter((t) => !DROP.has(t));
}

/** The `coco-ptb` tokenizer. */
export interface CocoPtbTokenizer extends Tokenizer {
  readonly name: "coco-ptb";
  /** `coco-ptb`. */
  readonly signature: string;
  /** {@link cocoPtbTokenize}. */
  tokenize(text: string): string[];
}

/**
 * Creates the `coco-ptb` tokenizer. It takes no options.
 * @throws GramscoreError `INVALID_OPTION` for any option.
 */
export function createCocoPtbTokenizer(options?: unknown): CocoPtbTokenizer {
  if (options !== undefined && options !== null && (typeof options !== "object" || Object.keys(options).length > 0)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `The coco-ptb tokenizer takes no options, but got ${describeValue(options)}.`, {
      details: { tokenizer: "coco-ptb" },
    });
  }
  return {
    name: "coco-ptb",
    signature: "coco-ptb",
    tokenize(text: string): string[] {
      return cocoPtbTokenize(assertText(text, "The text"));
    },
  };
}

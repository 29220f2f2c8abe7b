/**
 * A JSONL record reader that reads only what scoring needs: one pass over a line that checks the
 * whole line's JSON syntax, keeps the strings of `hyp`, `refs` (or `ref`) and `system`, and skips every
 * other member without building it. It gives either the record `JSON.parse` + `toRecord` would give,
 * or `undefined` whenever it is not sure (invalid JSON anywhere, a field of an unexpected type, an
 * escaped key, a value nested too deeply): the caller then takes that slower path, which produces
 * the same record or the exact error message it always did. It never accepts a line `JSON.parse`
 * rejects.
 */

/** The fields of a record that scoring reads. */
export interface ScannedRecord {
  hyp: string;
  refs: string[];
  /** The record's `system` as a string (numbers as `String(n)`), or undefined when absent or null. */
  system: string | undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Nesting deeper than this in a skipped value: leave the line to JSON.parse. */
const MAX_DEPTH = 64;

let text = "";
let pos = 0;
/** Whether the last string {@link skipString} passed over had an escape. */
let escaped = false;

/** Thrown (and caught in {@link scanRecord}) when the fast path gives up on a line. */
const GIVE_UP = { giveUp: true };

function skipSpace(): void {
  let c = text.charCodeAt(pos);
  while (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) c = text.charCodeAt(++pos);
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

/** Reads a string at `pos` (on its opening quote) and returns its value; `pos` moves past it. */
function readString(): string {
  const start = ++pos;
  for (;;) {
    const c = text.charCodeAt(pos);
    if (c === QUOTE) return text.slice(start, pos++);
    if (c === BACKSLASH) break;
    if (c < 0x20 || Number.isNaN(c)) throw GIVE_UP; // a control character, or the end of the line
    pos++;
  }
  // Escapes: build the value piece by piece.
  let out = text.slice(start, pos);
  for (;;) {
    const c = text.charCodeAt(pos);
    if (c === QUOTE) {
      pos++;
      return out;
    }
    if (c < 0x20 || Number.isNaN(c)) throw GIVE_UP;
    if (c !== BACKSLASH) {
      const from = pos;
      let d = c;
      while (d !== QUOTE && d !== BACKSLASH && d >= 0x20) d = text.charCodeAt(++pos);
      out += text.slice(from, pos);
      continue;
    }
    const e = text.charCodeAt(pos + 1);
    pos += 2;
    switch (e) {
      case 0x22:
        out += '"';
        break;
      case 0x5c:
        out += "\\";
        break;
      case 0x2f:
        out += "/";
        break;
      case 0x62:
        out += "\b";
        break;
      case 0x66:
        out += "\f";
        break;
      case 0x6e:
        out += "\n";
        break;
      case 0x72:
        out += "\r";
        break;
      case 0x74:
        out += "\t";
        break;
      case 0x75: {
        let code = 0;
        for (let k = 0; k < 4; k++) {
          const h = hexValue(text.charCodeAt(pos + k));
          if (h < 0) throw GIVE_UP;
          code = code * 16 + h;
        }
        pos += 4;
        out += String.fromCharCode(code);
        break;
      }
      default:
        throw GIVE_UP;
    }
  }
}

/** Skips a string at `pos` (on its opening quote), checking it; sets {@link escaped}. */
function skipString(): void {
  pos++;
  escaped = false;
  for (;;) {
    const c = text.charCodeAt(pos);
    if (c === QUOTE) {
      pos++;
      return;
    }
    if (c < 0x20 || Number.isNaN(c)) throw GIVE_UP;
    if (c === BACKSLASH) {
      escaped = true;
      const e = text.charCodeAt(pos + 1);
      if (e === 0x75) {
        for (let k = 2; k < 6; k++) if (hexValue(text.charCodeAt(pos + k)) < 0) throw GIVE_UP;
        pos += 6;
        continue;
      }
      if (e !== 0x22 && e !== 0x5c && e !== 0x2f && e !== 0x62 && e !== 0x66 && e !== 0x6e && e !== 0x72 && e !== 0x74) throw GIVE_UP;
      pos += 2;
      continue;
    }
    pos++;
  }
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Checks a JSON number at `pos` and returns its text; `pos` moves past it. */
function readNumber(): string {
  const start = pos;
  if (text.charCodeAt(pos) === 0x2d) pos++;
  const first = text.charCodeAt(pos);
  if (first === 0x30) pos++;
  else if (first >= 0x31 && first <= 0x39) {
    pos++;
    while (isDigit(text.charCodeAt(pos))) pos++;
  } else throw GIVE_UP;
  if (text.charCodeAt(pos) === 0x2e) {
    pos++;
    if (!isDigit(text.charCodeAt(pos))) throw GIVE_UP;
    while (isDigit(text.charCodeAt(pos))) pos++;
  }
  const e = text.charCodeAt(pos);
  if (e === 0x65 || e === 0x45) {
    pos++;
    const sign = text.charCodeAt(pos);
    if (sign === 0x2b || sign === 0x2d) pos++;
    if (!isDigit(text.charCodeAt(pos))) throw GIVE_UP;
    while (isDigit(text.charCodeAt(pos))) pos++;
  }
  return text.slice(start, pos);
}

/** Skips `word` (true, false, null) at `pos`. */
function skipWord(word: string): void {
  if (!text.startsWith(word, pos)) throw GIVE_UP;
  pos += word.length;
}

/** Skips any JSON value at `pos` (after whitespace), checking its syntax. */
function skipValue(depth: number): void {
  const c = text.charCodeAt(pos);
  if (c === QUOTE) skipString();
  else if (c === 0x7b) skipObject(depth + 1);
  else if (c === 0x5b) skipArray(depth + 1);
  else if (c === 0x74) skipWord("true");
  else if (c === 0x66) skipWord("false");
  else if (c === 0x6e) skipWord("null");
  else readNumber();
}

function skipArray(depth: number): void {
  if (depth > MAX_DEPTH) throw GIVE_UP;
  pos++;
  skipSpace();
  if (text.charCodeAt(pos) === 0x5d) {
    pos++;
    return;
  }
  for (;;) {
    skipValue(depth);
    skipSpace();
    const c = text.charCodeAt(pos++);
    if (c === 0x5d) return;
    if (c !== 0x2c) throw GIVE_UP;
    skipSpace();
  }
}

function skipObject(depth: number): void {
  if (depth > MAX_DEPTH) throw GIVE_UP;
  pos++;
  skipSpace();
  if (text.charCodeAt(pos) === 0x7d) {
    pos++;
    return;
  }
  for (;;) {
    if (text.charCodeAt(pos) !== QUOTE) throw GIVE_UP;
    skipString();
    skipSpace();
    if (text.charCodeAt(pos++) !== 0x3a) throw GIVE_UP;
    skipSpace();
    skipValue(depth);
    skipSpace();
    const c = text.charCodeAt(pos++);
    if (c === 0x7d) return;
    if (c !== 0x2c) throw GIVE_UP;
    skipSpace();
  }
}

/** Reads `refs`: an array of strings and nulls (nulls dropped, as toRecord does). */
function readRefs(): string[] {
  if (text.charCodeAt(pos) !== 0x5b) throw GIVE_UP;
  pos++;
  const refs: string[] = [];
  skipSpace();
  if (text.charCodeAt(pos) === 0x5d) {
    pos++;
    return refs;
  }
  for (;;) {
    const c = text.charCodeAt(pos);
    if (c === QUOTE) refs.push(readString());
    else if (c === 0x6e) skipWord("null");
    else throw GIVE_UP;
    skipSpace();
    const d = text.charCodeAt(pos++);
    if (d === 0x5d) return refs;
    if (d !== 0x2c) throw GIVE_UP;
    skipSpace();
  }
}

/**
 * The fields scoring needs of one JSONL line (already without its `\n`, and without the byte order
 * mark of line 1), or undefined when this reader leaves the line to `JSON.parse` + `toRecord`
 * (anything unusual, including every line those reject).
 */
export function scanRecord(line: string): ScannedRecord | undefined {
  text = line;
  pos = 0;
  try {
    skipSpace();
    if (text.charCodeAt(pos) !== 0x7b) return undefined;
    pos++;
    skipSpace();
    let hyp: string | undefined;
    let refs: string[] | undefined;
    let ref: string | undefined;
    let system: string | undefined;
    let hasRefs = false;
    if (text.charCodeAt(pos) === 0x7d) return undefined; // {}: no hyp; toRecord says so
    for (;;) {
      if (text.charCodeAt(pos) !== QUOTE) return undefined;
      const keyStart = pos + 1;
      skipString();
      const keyEnd = pos - 1;
      // An escaped key could spell a field name: leave it to JSON.parse.
      if (escaped) return undefined;
      const key = keyEnd - keyStart;
      skipSpace();
      if (text.charCodeAt(pos++) !== 0x3a) return undefined;
      skipSpace();
      const c = text.charCodeAt(pos);
      if (key === 3 && text.startsWith("hyp", keyStart)) {
        if (c !== QUOTE) return undefined;
        hyp = readString();
      } else if (key === 4 && text.startsWith("refs", keyStart)) {
        hasRefs = true;
        refs = readRefs();
      } else if (key === 3 && text.startsWith("ref", keyStart)) {
        if (c === QUOTE) ref = readString();
        else {
          ref = undefined;
          skipValue(0);
        }
      } else if (key === 6 && text.startsWith("system", keyStart)) {
        if (c === QUOTE) system = readString();
        else if (c === 0x6e) {
          skipWord("null");
          system = undefined;
        } else if (c === 0x2d || isDigit(c)) system = String(Number(readNumber()));
        else return undefined;
      } else {
        skipValue(0);
      }
      skipSpace();
      const d = text.charCodeAt(pos++);
      if (d === 0x7d) break;
      if (d !== 0x2c) return undefined;
      skipSpace();
    }
    skipSpace();
    if (pos !== text.length) return undefined;
    if (hyp === undefined) return undefined;
    if (!hasRefs) {
      if (ref === undefined) return undefined;
      refs = [ref];
    }
    return { hyp, refs: refs!, system };
  } catch (error) {
    if (error === GIVE_UP || error instanceof RangeError) return undefined;
    throw error;
  } finally {
    text = "";
  }
}

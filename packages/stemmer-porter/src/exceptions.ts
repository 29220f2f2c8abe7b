import { ErrorCode, GramscoreError, describeValue, fnv1a32 } from "@gramscore/core";

/**
 * The texts of WordNet's morphological exception lists (`*.exc`: `inflected base [base ...]` per line),
 * by part of speech, as ROUGE-1.5.5 ships them in `data/WordNet-2.0-Exceptions/`.
 */
export interface WordNetExceptionFiles {
  noun?: string;
  adv?: string;
  verb?: string;
  adj?: string;
}

/** An exception table: a Map (inflected → base), the text of one `.exc` list, or the lists by part of speech. */
export type ExceptionTable = ReadonlyMap<string, string> | string | WordNetExceptionFiles;

// Perl's \s (split /\s+/ in buildExeptionDB.pl).
const PERL_SPACE = /[ \t\n\r\f\v]+/;

/**
 * Reads one exception list into `into` (a new Map by default) the way ROUGE-1.5.5's
 * `buildExeptionDB.pl` does: each line is split on whitespace and maps its first word to its second,
 * a later line overwriting an earlier one. Blank lines are skipped; a line that starts with
 * whitespace maps the empty word, so it never matches a token, and is skipped as well.
 * ```ts
 * parseExceptionList("mice mouse\nwent go\n").get("went"); // "go"
 * ```
 * @throws GramscoreError `MALFORMED_INPUT` for a line with a single word (it would map the word to an empty token).
 */
export function parseExceptionList(text: string, into: Map<string, string> = new Map()): Map<string, string> {
  if (typeof text !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `parseExceptionList expects the text of a .exc list, but got ${describeValue(text)}.`);
  }
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length === 0 || PERL_SPACE.test(line[0]!)) continue;
    const fields = line.split(PERL_SPACE);
    const key = fields[0]!;
    const value = fields[1];
    if (value === undefined || value.length === 0) {
      throw new GramscoreError(
        ErrorCode.MALFORMED_INPUT,
        `Line ${i + 1} of the exception list has one word (${JSON.stringify(key)}) where "inflected base" was expected. ` +
          "Each line must give an inflected form and its base form, separated by whitespace (to use a file, pass its contents, not its path).",
        { details: { line: i + 1 } },
      );
    }
    into.set(key, value);
  }
  return into;
}

/**
 * Builds ROUGE-1.5.5's WordNet exception table from the `.exc` lists, read in the order noun, adv,
 * verb, adj with a later line overwriting an earlier one (the order the released database reflects:
 * best→good, better→good, is→be). With WordNet 2.0's lists the table has 5,930 words.
 * @throws GramscoreError `MALFORMED_INPUT` for a malformed line, `INVALID_TYPE` for a non-string list.
 */
export function buildWordNetExceptions(files: WordNetExceptionFiles): Map<string, string> {
  const table = new Map<string, string>();
  for (const pos of ["noun", "adv", "verb", "adj"] as const) {
    const text = files[pos];
    if (text !== undefined) parseExceptionList(text, table);
  }
  return table;
}

/**
 * Turns an {@link ExceptionTable} given as an option (a Map, the text of one `.exc` list, or the lists
 * by part of speech) into a Map, checking its entries.
 * @throws GramscoreError `INVALID_OPTION` (option `exceptions`) for anything else, `MALFORMED_INPUT` for a malformed list.
 */
export function toExceptionTable(value: unknown): ReadonlyMap<string, string> {
  if (typeof value === "string") return parseExceptionList(value);
  if (value instanceof Map) {
    for (const [k, v] of value) {
      if (typeof k !== "string" || typeof v !== "string") {
        throw new GramscoreError(ErrorCode.INVALID_OPTION, `exceptions must map strings to strings, but has the entry ${describeValue(k)} → ${describeValue(v)}.`, {
          details: { option: "exceptions" },
        });
      }
    }
    return value as ReadonlyMap<string, string>;
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const bad = keys.filter((k) => !["noun", "adv", "verb", "adj"].includes(k));
    if (bad.length === 0) return buildWordNetExceptions(value as WordNetExceptionFiles);
  }
  throw new GramscoreError(
    ErrorCode.INVALID_OPTION,
    `exceptions must be a Map of inflected → base words, the text of a WordNet .exc list, or { noun, adv, verb, adj } texts, but got ${describeValue(value)}.`,
    { details: { option: "exceptions" } },
  );
}

/** Names an exception table in a signature: `<count>#<fnv1a32 of the sorted "word\tbase" lines>`. */
export function exceptionTableId(table: ReadonlyMap<string, string>): string {
  const lines = [...table].map(([k, v]) => `${k}\t${v}`).sort();
  return `${lines.length}#${fnv1a32(lines.join("\n"))}`;
}

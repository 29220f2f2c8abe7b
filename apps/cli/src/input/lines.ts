/**
 * Line reading for `pairwise` and `mbr`: the lines of a file or stdin (gzip by name), streamed and
 * decoded by the same reader as `score` ({@link openLines}): invalid UTF-8 is a `MALFORMED_INPUT`
 * error naming the file and line, and a byte order mark is kept (text) or skipped (JSONL) as `score`
 * does.
 */
import { pyRstrip } from "@gramscore/core";
import { openLines } from "./read.js";
import type { CliIO } from "../shared/io.js";

/** How {@link readLines} treats a line. */
export interface LineOptions {
  /** Keep trailing whitespace (`--keep-whitespace`); default: strip it, as `score` reads text files. */
  keepWhitespace?: boolean;
  /** Drop a UTF-8 byte order mark at the start of line 1, as `score` reads JSONL files (default: keep it, as in text files). */
  skipBom?: boolean;
}

/**
 * The lines of a file (`-` is stdin), streamed, without their `\n`. A last line without a newline
 * counts. Trailing whitespace is stripped unless `keepWhitespace` (then a `\r` stays, as in `score`).
 * @throws GramscoreError `IO_ERROR` for a file that cannot be read, `MALFORMED_INPUT` for a line
 * that is not UTF-8 or gzip data without `.gz` (after the lines before it).
 */
export async function* readLines(io: CliIO, name: string, options: LineOptions = {}): AsyncGenerator<string> {
  const reader = openLines(name, io, { read: 0, total: undefined });
  const strip = options.keepWhitespace !== true;
  let first = options.skipBom === true;
  while (await reader.fill()) {
    for (let line of reader.take(reader.available)) {
      if (first) {
        first = false;
        if (line.charCodeAt(0) === 0xfeff) line = line.slice(1);
      }
      yield strip ? pyRstrip(line) : line;
    }
  }
}

/** Groups an async sequence into arrays of at most `size`. */
export async function* blocks<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let block: T[] = [];
  for await (const item of items) {
    block.push(item);
    if (block.length === size) {
      yield block;
      block = [];
    }
  }
  if (block.length > 0) yield block;
}

/** Line reading for `pairwise` and `mbr`: text lines of a file or stdin (gzip by name), streamed. */
import { createReadStream } from "node:fs";
import { resolve } from "node:path";
import { createGunzip } from "node:zlib";
import { ErrorCode, GramscoreError, pyRstrip } from "@gramscore/core";
import type { Context } from "./commands/kit.js";

/** The chunks of a file ('-' is stdin), gunzipped when its name ends in `.gz`. */
function chunks(ctx: Context, name: string): AsyncIterable<Uint8Array | string> {
  if (name === "-") return ctx.io.stdin;
  const path = resolve(ctx.io.cwd, name);
  const stream = createReadStream(path);
  const out = name.endsWith(".gz") ? stream.pipe(createGunzip()) : stream;
  stream.on("error", (error) => out.destroy(error));
  return out;
}

/**
 * The lines of a text file, streamed (without the newline; trailing whitespace stripped unless
 * `keepWhitespace`, as the other commands read text). A last line without a newline counts.
 */
export async function* readLines(ctx: Context, name: string, keepWhitespace = false): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: false });
  let rest = "";
  const clean = (line: string): string => (keepWhitespace ? (line.endsWith("\r") ? line.slice(0, -1) : line) : pyRstrip(line));
  try {
    for await (const chunk of chunks(ctx, name)) {
      rest += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
      let at = rest.indexOf("\n");
      let from = 0;
      while (at >= 0) {
        yield clean(rest.slice(from, at));
        from = at + 1;
        at = rest.indexOf("\n", from);
      }
      rest = rest.slice(from);
    }
  } catch (error) {
    if (error instanceof GramscoreError) throw error;
    throw new GramscoreError(ErrorCode.IO_ERROR, `Cannot read ${name === "-" ? "stdin" : name}: ${(error as Error).message}`, { cause: error });
  }
  rest += decoder.decode();
  if (rest.length > 0) yield clean(rest);
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

/**
 * Input as `gramscore sacrebleu` reads it, the way sacrebleu 2.6.0 does: whole files (`.gz`
 * decompressed) split on `\n` only, and stdin at once; anything that is not UTF-8 is refused.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import type { CliIO } from "../shared/io.js";

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function decode(bytes: Uint8Array, name: string): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new GramscoreError(ErrorCode.MALFORMED_INPUT, `${name} is not valid UTF-8 text (sacrebleu reads its files as UTF-8).`, { details: { file: name } });
  }
}

/** A text file's lines as sacrebleu reads them (split on `\n` only; `.gz` decompressed). */
export function readSacrebleuLines(io: CliIO, path: string): string[] {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(resolve(io.cwd, path));
    if (path.endsWith(".gz")) bytes = gunzipSync(bytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new GramscoreError(
      ErrorCode.IO_ERROR,
      code === "ENOENT" ? `No such file: ${path}` : `Cannot read ${path}: ${code ?? (error as Error).message}`,
      { cause: error, details: { file: path } },
    );
  }
  const text = decode(bytes, path);
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Standard input as one UTF-8 text (sacrebleu reads the hypotheses of `-i -` at once). */
export async function readStdinText(io: CliIO): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk);
  return decode(Buffer.concat(chunks), "standard input");
}


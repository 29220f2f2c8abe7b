/**
 * Opening the input of `score`, `stats`, `explain` and `report`: reference files with hypothesis
 * files (or stdin), else JSONL records, checked before anything is read (a JSONL file given as text,
 * a file given twice, a terminal on stdin, --system names), and the byte order mark warning.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { resolve } from "node:path";
import { usageError } from "../shared/errors.js";
import type { ByteCounter, CliIO } from "../shared/io.js";
import { jsonlUnits, looksLikeJsonl, parallelUnits, type InputUnit, type UnitSize } from "./read.js";

/** The flags that say what to read (`-i`, `--system`, `--keep-whitespace`). */
export interface ReadFlags {
  /** `-i`: hypothesis files (with reference files), else JSONL record files; `-` is stdin. */
  input?: string[];
  /** `--system`: names of the systems, one per input file. */
  system?: string[];
  keepWhitespace?: boolean;
}

/**
 * The input as units of whole lines: reference files with hypothesis files (or stdin), else JSONL
 * records. `size` is the size of a unit (undefined: whatever each read gives).
 */
export function openInput(io: CliIO, refs: readonly string[], flags: ReadFlags, bytes: ByteCounter, size?: UnitSize): AsyncIterable<InputUnit> {
  const inputs = flags.input ?? [];
  const stdinIsTerminal = (): boolean => io.stdin.isTTY === true;
  if (refs.length > 0) {
    for (const r of refs) {
      if (looksLikeJsonl(r)) {
        throw usageError(`${r} looks like JSONL records, but reference files are plain text. Give JSONL records with --input ${r} and no reference files.`);
      }
    }
    for (const h of inputs) {
      if (looksLikeJsonl(h)) {
        throw usageError(`${h} looks like JSONL records, but reference files were given too. Drop the reference files to read records.`);
      }
    }
    const hyps = inputs.length > 0 ? inputs : ["-"];
    const dup = hyps.find((h, i) => hyps.indexOf(h) !== i);
    if (dup !== undefined) throw usageError(`The hypothesis file ${dup} is given twice; each system needs its own file.`);
    const systems = systemNames(flags.system, hyps, "hypothesis file");
    warnBom(io, [...hyps, ...refs]);
    if (hyps.includes("-") && stdinIsTerminal()) {
      throw usageError("Waiting for hypotheses on the terminal: pipe them in (gramscore score -m bleu ref.txt < hyp.txt) or pass -i FILE.");
    }
    return parallelUnits(hyps, refs, io, bytes, { keepWhitespace: flags.keepWhitespace === true, ...(systems === undefined ? {} : { systems }) }, size);
  }
  if ((inputs.length === 0 || inputs.includes("-")) && stdinIsTerminal()) {
    throw usageError(
      "No input: give reference files with the hypotheses (gramscore score -m bleu ref.txt < hyp.txt) " +
        "or JSONL records (gramscore score -m bleu --input data.jsonl).",
    );
  }
  return jsonlUnits(inputs, io, bytes, size, systemNames(flags.system, inputs.length > 0 ? inputs : ["-"], "JSONL file"));
}

/** The files the input is read from (as {@link openInput} reads them; `-` for stdin). */
export function inputPaths(refs: readonly string[], flags: ReadFlags): string[] {
  const inputs = flags.input ?? [];
  return [...refs, ...(inputs.length > 0 ? inputs : ["-"])];
}

/**
 * Warns about text files that start with a UTF-8 byte order mark: it stays in the first token (as in
 * sacrebleu, whose numbers are kept), which is rarely what was meant. `-` (stdin) and `.gz` files are
 * not looked at.
 */
export function warnBom(io: CliIO, files: readonly string[]): void {
  for (const file of files) {
    if (file === "-" || file.endsWith(".gz")) continue;
    let fd: number | undefined;
    try {
      fd = openSync(resolve(io.cwd, file), "r");
      const head = Buffer.alloc(3);
      if (readSync(fd, head, 0, 3, 0) === 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
        io.stderr.write(
          `gramscore: warning: ${file} line 1 starts with a UTF-8 byte order mark, which stays part of its first word (as in sacrebleu, ` +
            `whose scores are kept). If it is not meant as text, remove it: sed -i '1s/^\\xEF\\xBB\\xBF//' ${file}\n`,
        );
      }
    } catch {
      // Unreadable files are reported when they are read.
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
}

/**
 * `--system`: one name per input file, in order (text: the system of each hypothesis file; JSONL:
 * the system of records without a "system" field). Several hypothesis files are several systems
 * scored against the same references, so the names must differ.
 */
function systemNames(given: readonly string[] | undefined, files: readonly string[], what: string): string[] | undefined {
  if (given === undefined || given.length === 0) return undefined;
  if (given.length !== files.length) {
    throw usageError(
      `--system takes one name per ${what} (${files.length} given: ${files.join(", ")}), but got ${given.length} (${given.join(", ")}). ` +
        `Give --system once per file, in the same order${files.length > 1 ? ", e.g. --system A,B" : ""}.`,
    );
  }
  const dup = given.find((n, i) => given.indexOf(n) !== i);
  if (dup !== undefined) {
    throw usageError(`--system names ${dup} twice: each ${what} is a system of its own. To score parts of one system, run gramscore stats once per part and merge.`);
  }
  if (given.some((n) => n.trim() === "")) throw usageError("--system needs a non-empty name.");
  return [...given];
}


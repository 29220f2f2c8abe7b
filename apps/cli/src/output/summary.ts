/**
 * Appending to a file that others write too: GitHub Actions' job summary (`$GITHUB_STEP_SUMMARY`),
 * to which every step of a job adds its Markdown. Unlike `-o`, the file is not replaced: the text is
 * added at its end in one write, so that what earlier steps wrote stays.
 */
import { appendFileSync } from "node:fs";
import { resolve } from "node:path";
import type { CliIO } from "../shared/io.js";
import { writeError } from "./write.js";

/**
 * Adds `text` at the end of `path` (relative to `io.cwd`), creating the file when there is none.
 * @throws GramscoreError `IO_ERROR` naming the file and the reason.
 */
export function appendText(io: CliIO, path: string, text: string): void {
  try {
    appendFileSync(resolve(io.cwd, path), text);
  } catch (error) {
    throw writeError(path, error);
  }
}

/** The size of the input files, to decide whether `--jobs` pays (see ../shared/constants.ts, JOBS_MIN_BYTES). */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { GZIP_FACTOR } from "../shared/constants.js";

/**
 * Bytes of the named input files (gzip files counted {@link GZIP_FACTOR} times), or undefined when
 * one of them is stdin (`-`) or not a regular file: then the size is not known ahead.
 */
export function inputBytes(paths: readonly string[], cwd: string): number | undefined {
  let total = 0;
  for (const path of paths) {
    if (path === "-") return undefined;
    try {
      const st = statSync(resolve(cwd, path));
      if (!st.isFile()) return undefined;
      total += path.endsWith(".gz") ? GZIP_FACTOR * st.size : st.size;
    } catch {
      // Missing files are reported when they are read.
    }
  }
  return total;
}

/**
 * The command table: one file per command under `commands/`. A command's file is imported only when
 * that command runs (or its help is asked for); the top-level help needs only the names and summaries
 * listed here. To add a command, write `commands/<name>.ts` exporting `command` and add a line here.
 */
import type { CommandEntry } from "./kit.js";

export const COMMANDS: readonly CommandEntry[] = [
  { name: "score", summary: "score hypotheses against references", load: async () => (await import("./score.js")).command },
  { name: "stats", summary: "write the sufficient statistics of a shard", load: async () => (await import("./stats.js")).command },
  { name: "merge", summary: "merge shard statistics into the final scores", load: async () => (await import("./merge.js")).command },
  { name: "explain", summary: "show why one segment scores what it does", load: async () => (await import("./explain.js")).command },
  { name: "tokenize", summary: "print the tokens of each input line", load: async () => (await import("./tokenize.js")).command },
  { name: "list", summary: "list the installed and loaded tokenizers and metrics", load: async () => (await import("./list.js")).command },
  { name: "pairwise", summary: "score every hypothesis against every reference (a matrix)", load: async () => (await import("./pairwise.js")).command },
  { name: "mbr", summary: "choose the candidate with the highest expected utility (MBR)", load: async () => (await import("./mbr.js")).command },
  { name: "compare", summary: "a regression gate: exit 1 when a candidate is significantly worse", load: async () => (await import("./compare.js")).command },
  { name: "report", summary: "write a self-contained HTML report comparing systems", load: async () => (await import("./report.js")).command },
  { name: "sacrebleu", summary: "sacrebleu 2.6.0's command line: same arguments, same output", load: async () => (await import("./sacrebleu.js")).command },
  { name: "demo", summary: "score built-in sample data with every installed metric", load: async () => (await import("./demo.js")).command },
];

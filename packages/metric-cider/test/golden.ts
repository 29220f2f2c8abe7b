// Reads the committed real data and goldens (tooling/references/cider/generate.py).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

const here = new URL("./data/", import.meta.url);
const read = (name: string) => JSON.parse(gunzipSync(readFileSync(new URL(name, here))).toString("utf8"));

export interface RealCorpus {
  ids: string[];
  refs: string[][];
  systems: Record<string, string[]>;
}
export interface GoldenScores {
  score: number;
  scores: number[];
}
export interface GoldenCorpus {
  refs: string[][];
  systems: Record<string, { hyps: string[]; ciderD: GoldenScores; cider: GoldenScores; ciderDAvx512: GoldenScores | null }>;
}

export const real: { source: unknown; corpora: Record<string, RealCorpus> } = read("cider-real.json.gz");
export const golden: { versions: Record<string, string>; corpora: Record<string, GoldenCorpus> } = read("cider-golden.json.gz");

/** Images as gramscore's streams: references[k][i]. */
export function streams(refs: string[][]): (string | null)[][] {
  const width = Math.max(...refs.map((r) => r.length));
  return Array.from({ length: width }, (_, k) => refs.map((r) => r[k] ?? null));
}

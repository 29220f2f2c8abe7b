// How the page turns its boxes into segments for each metric and scores them: kept apart from the
// DOM so that the unit tests run the page's own path and compare it with the packages' functions.
import { ErrorCode, GramscoreError, evaluate } from "@gramscore/core";
import type { Metric, Segment } from "@gramscore/core";
import type { CatalogEntry } from "./catalog.js";

/** The lines of a box (none for an empty box). */
export const lines = (text: string): string[] => (text === "" ? [] : text.split("\n"));

/**
 * The segments `entry` scores: the hypotheses alone for a reference-free metric (distinct-n,
 * Self-BLEU: their references are not read, so the references box may be empty or of another
 * length); the page's segments with line i of the sources box as `src` for a metric that needs a
 * source (SARI); the page's segments otherwise. `segments` are the page's (hypotheses with their
 * references), undefined when the references do not fit the hypotheses.
 * @throws GramscoreError `LENGTH_MISMATCH` when a metric needs sources and the sources box has another number of lines.
 */
export function entrySegments(entry: CatalogEntry, hyps: readonly string[], segments: readonly Segment[] | undefined, srcs: readonly string[]): Segment[] {
  if (entry.referenceFree) return hyps.map((hyp) => ({ hyp, refs: [] }));
  const segs = segments ?? [];
  if (!entry.needsSource) return segs.slice();
  if (srcs.length !== segs.length) {
    throw new GramscoreError(
      ErrorCode.LENGTH_MISMATCH,
      `${entry.id} needs the source of every hypothesis, but the sources box has ${srcs.length} line${srcs.length === 1 ? "" : "s"} and there ${segs.length === 1 ? "is 1 hypothesis" : `are ${segs.length} hypotheses`}. ` +
        "Put on line i the sentence hypothesis i was made from.",
      { details: { sources: srcs.length, hypotheses: segs.length } },
    );
  }
  return segs.map((s, i) => ({ hyp: s.hyp, refs: s.refs, src: srcs[i]! }));
}

/** What a card shows: the result line's parts (split at ` | `) and the signature, with the result they format. */
export interface CardScore {
  readonly parts: string[];
  readonly signature: string;
  /** The corpus result (`evaluate(metric, segments).corpus`). */
  readonly result: unknown;
}

/**
 * Scores `segments` as one corpus (`evaluate`: statistics merged, then scored, so CIDEr-D's document
 * frequencies come from the references of every segment) and formats the result as the library does.
 */
export function scoreCard(metric: Metric<any, any>, segments: readonly Segment[]): CardScore {
  const ev = evaluate(metric, segments);
  const line = metric.format ? metric.format(ev.corpus) : Object.entries(metric.summarize(ev.corpus)).map(([c, v]) => `${c} ${v}`).join(" ");
  return { parts: line.split(" | "), signature: ev.signature, result: ev.corpus };
}

/**
 * The note a card of `entry` carries about its input, for `count` segments (undefined for none): a
 * reference-free metric reads the hypotheses alone; CIDEr's document frequencies are the page's
 * references, and one segment alone scores 0; SQuAD v2 takes no no-answer probabilities from the page.
 */
export function cardNote(entry: CatalogEntry, count: number): string | undefined {
  if (entry.referenceFree) return `scored over the ${count} hypothes${count === 1 ? "is" : "es"} as a set; references are not read`;
  if (entry.corpusDf) {
    return count === 1
      ? "document frequencies come from the references of every segment: with one segment every n-gram's idf is log 1 − log 1 = 0, so the score is 0 (add segments, as pycocoevalcap scores a whole test set)"
      : `document frequencies come from the references of all ${count} segments`;
  }
  if (entry.needsSource) return "compares each hypothesis with its source (the sources box) and its references";
  if (entry.id === "squad_v2") {
    return "every question's no-answer probability is 0 (the package's default, as gramscore score gives it): an empty hypothesis answers \"no answer\", and a question whose references are all empty has none";
  }
  return undefined;
}

/**
 * Whether the page draws match views of one segment for `entry`: not for metrics whose explanation of
 * a segment alone would not be what the corpus score counted (CIDEr's df is the corpus'; distinct-n and
 * Self-BLEU score the set) or that need the source (SARI).
 */
export function explainsSegment(entry: CatalogEntry): boolean {
  return !entry.referenceFree && !entry.needsSource && !entry.corpusDf;
}

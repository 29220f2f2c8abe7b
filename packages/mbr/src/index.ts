/**
 * @gramscore/mbr: Minimum Bayes Risk decoding and best-of-N reranking on gramscore metrics. Expected
 * utility from a pairwise score matrix (optionally weighted), argmax, and reference aggregation
 * (Vamvas & Sennrich 2024) for metrics that offer it. Runs anywhere (no Node-only import); worker
 * threads are in `@gramscore/mbr/node`.
 */
export { aggregateUtility, argmax, expectedUtility, mbr, scoreMatrix } from "./mbr.js";
export type { MbrMethod, MbrOptions, MbrResult } from "./mbr.js";
export { VERSION } from "./version.js";

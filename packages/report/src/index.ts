export { buildReport, groupRecords } from "./data.js";
export type {
  AnnotateContext,
  ReportBuckets,
  ReportData,
  ReportMeasure,
  ReportNgramDiff,
  ReportOptions,
  ReportRecord,
  ReportSystem,
  ScoreAnnotation,
} from "./data.js";
export { renderReport, REPORT_CSS } from "./html.js";
export { boxStats, niceTicks, shortNames, systemColor } from "./chart.js";
export type { BoxStats, NiceTicks, ShortNames } from "./chart.js";
export type { RenderOptions } from "./html.js";
export {
  DEFAULT_ADAPTERS,
  bleuAdapter,
  chrfAdapter,
  editAdapter,
  explanationViews,
  matchViews,
  nativeAdapter,
  rougeAdapter,
} from "./matches.js";
export type { MatchAdapter, MatchLegend, MatchSide, MatchView } from "./matches.js";
export { VERSION } from "./version.js";

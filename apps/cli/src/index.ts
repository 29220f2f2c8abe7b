export { run } from "./run.js";
export type { Context } from "./run.js";
export { processIO, useColor } from "./io.js";
export type { CliIO, OutputStream } from "./io.js";
export { EXIT, exitCodeOf } from "./errors.js";
export { prescan } from "./prescan.js";
export type { Prescan } from "./prescan.js";
export { loadConfig, emptyConfig } from "./config.js";
export type { CliConfig } from "./config.js";
export { builtinPlugins, cliHint, createCliRegistry } from "./setup.js";
export type { CliRegistryOptions } from "./setup.js";
export { addSpecOptions, collectSpecOptions } from "./spec-options.js";
export type { OptionBinding, OptionOwner } from "./spec-options.js";
export {
  ByteLines,
  LineReader,
  decodeLines,
  jsonlUnits,
  looksLikeJsonl,
  openBytes,
  openLines,
  parallelUnits,
  readJsonl,
  readParallel,
  readTextLines,
  recordBatches,
  toRecord,
  unitRecordList,
  unitRecords,
} from "./input.js";
export type { ByteCounter, DecodedLines, InputRecord, InputUnit, JsonlUnit, ReadOptions, TextLayout, TextUnit, UnitRecords, UnitSize } from "./input.js";
export { Tally, describeMetric, scoreInput, shardEntries } from "./engine.js";
export type {
  MetricInfo,
  MetricScore,
  PartResult,
  PartSystem,
  PreparedMetric,
  Report,
  ScoreOptions,
  SegmentScore,
  ShardEntry,
  SystemReport,
} from "./engine.js";
export { JOB_UNIT, WorkerPool, scoreParallel } from "./parallel.js";
export type { ParallelOptions, WorkerSetup, WorkerStart } from "./parallel.js";
export { columnsOf, formatReport, reportJson } from "./format.js";
export { RowCollector, formatSignificance, runSignificance, segmentDigest, significancePlan } from "./significance.js";
export type { CollectSpec, CollectedPart, SignificanceFlags, SignificancePlan, SignificanceResult } from "./significance.js";
export type { Column, FormatReportOptions } from "./format.js";
export { highlightWords, matchedStrings, renderTree } from "./explain.js";
export { DEMO_SETS } from "./demo-data.js";
export type { DemoRecord, DemoSet } from "./demo-data.js";
export { DEFAULT_WIDTH, FORMATS, MAX_JOBS } from "./constants.js";
export type { Format } from "./constants.js";
export { VERSION } from "./version.js";

export { run } from "./program.js";
export type { Context } from "./program.js";
export { processIO, useColor } from "./shared/io.js";
export type { ByteCounter, CliIO, OutputStream } from "./shared/io.js";
export { EXIT, exitCodeOf } from "./shared/errors.js";
export { prescan } from "./commands/args/prescan.js";
export type { Prescan } from "./commands/args/prescan.js";
export { loadConfig, emptyConfig } from "./shared/config.js";
export type { CliConfig } from "./shared/config.js";
export { builtinPlugins, cliHint, createCliRegistry, type KnownPackage } from "./run/setup.js";
export type { CliRegistryOptions } from "./run/setup.js";
export { addSpecOptions, collectSpecOptions } from "./commands/args/spec-options.js";
export type { OptionBinding, OptionOwner } from "./commands/args/spec-options.js";
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
} from "./input/read.js";
export type { DecodedLines, InputRecord, InputUnit, JsonlUnit, ReadOptions, TextLayout, TextUnit, UnitRecords, UnitSize } from "./input/read.js";
export { Tally, describeMetric, scoreInput, shardEntries } from "./run/engine.js";
export type { PartResult, PartSystem, PreparedMetric, ScoreOptions, ShardEntry } from "./run/engine.js";
export type { MetricInfo, MetricScore, Report, SegmentScore, SystemReport } from "./shared/report.js";
export { JOB_UNIT, WorkerPool, scoreParallel } from "./run/parallel.js";
export type { ParallelOptions, WorkerSetup, WorkerStart } from "./run/parallel.js";
export { columnsOf, formatReport, reportJson } from "./output/format.js";
export { RowCollector, runSignificance, segmentDigest, significancePlan } from "./run/significance.js";
export { formatSignificance } from "./output/significance.js";
export type { CollectSpec, CollectedPart, SignificanceFlags } from "./run/significance.js";
export type { SignificancePlan, SignificanceResult } from "./shared/report.js";
export type { Column, FormatReportOptions } from "./output/format.js";
export { highlightWords, matchedStrings, renderTree } from "./output/explain.js";
export { DEMO_SETS } from "./input/demo-data.js";
export type { DemoRecord, DemoSet } from "./input/demo-data.js";
export { DEFAULT_WIDTH, FORMATS, MAX_JOBS } from "./shared/constants.js";
export type { Format } from "./shared/constants.js";
export { VERSION } from "./shared/version.js";

// The metrics of other tasks (image captioning, simplification, question answering, character-level
// MT, diversity), in a chunk of their own: imported when one of them is chosen.
import type { MetricDescriptor } from "@gramscore/core";
import { characterMetric, eedMetric, eedRwthMetric } from "@gramscore/metric-character";
import { ciderMetric, ciderOriginalMetric } from "@gramscore/metric-cider";
import { distinctMeanMetric, distinctMetric, sacrebleuSelfBleuMetric, selfBleuMetric } from "@gramscore/metric-diversity";
import { easseSariMetric, sariMetric } from "@gramscore/metric-sari";
import { squadMetric, squadV2Metric } from "@gramscore/metric-squad";

/** Their registry descriptors, by name. */
export const DESCRIPTORS: Readonly<Record<string, MetricDescriptor<string, any, any, any>>> = Object.fromEntries(
  [ciderMetric, ciderOriginalMetric, sariMetric, easseSariMetric, characterMetric, eedMetric, eedRwthMetric, squadMetric, squadV2Metric, distinctMetric, distinctMeanMetric, selfBleuMetric, sacrebleuSelfBleuMetric].map((d) => [d.name, d]),
);

// The metrics the page offers: each one's registry descriptor (its OptionSpecs make the option
// controls, and its `create` makes the metric), so the page's defaults are the signature's defaults.
import type { Metric, MetricDescriptor, OptionSpec } from "@gramscore/core";
import { bleuMetric } from "@gramscore/metric-bleu";
import { chrfMetric, chrfPlusPlusMetric } from "@gramscore/metric-chrf";
import { gleuMetric } from "@gramscore/metric-gleu";
import { meteorPlugin } from "@gramscore/metric-meteor";
import type { SynonymProvider } from "@gramscore/metric-meteor";
import { nistMetric } from "@gramscore/metric-nist";
import { rougeMetric } from "@gramscore/metric-rouge";
import { terMetric } from "@gramscore/metric-ter";
import { cerMetric, merMetric, werMetric, wilMetric, wipMetric } from "@gramscore/metric-wer";

/** One metric of the page. */
export interface CatalogEntry {
  /** The descriptor's name (`bleu`, `chrf++`, ...): the permalink's key and the checkbox's. */
  readonly id: string;
  /** What the checkbox says. */
  readonly label: string;
  /** The descriptor's OptionSpecs that get a control (`tokenize` is the page's tokenizer; `nrefs` comes from the data). */
  readonly specs: readonly OptionSpec[];
  /** Whether the metric takes a `tokenize` option (the page's tokenizer applies to it). */
  readonly tokenizes: boolean;
  /** The descriptor (for METEOR with WordNet: see {@link meteorDescriptor}). */
  readonly descriptor: MetricDescriptor<string, any, any, any>;
}

/**
 * The size of `@gramscore/wordnet`'s chunk in the build (measured; a test checks it against the
 * built file), said beside METEOR because choosing METEOR with its default synonyms loads it.
 */
export const WORDNET_SIZE = "5.2 MB";
/** The size of IPADIC (`@gramscore/dict-ipadic`'s `ipadic.bin`), loaded when ja-mecab is chosen (checked the same way). */
export const IPADIC_SIZE = "8.8 MB";

/**
 * METEOR as the CLI registers it: WordNet is its default synonym provider (NLTK's), so the
 * signature's default is `syn:wordnet-3.0`. The descriptor is made with the provider once it is
 * loaded; before that, only its OptionSpecs are read, from a descriptor whose provider is never
 * called.
 */
export function meteorDescriptor(wordnet: SynonymProvider): MetricDescriptor<string, any, any, any> {
  return meteorPlugin({ providers: { wordnet }, defaultSynonyms: "wordnet" }).metrics![0]!;
}

const NOT_LOADED: SynonymProvider = {
  name: "wordnet-3.0",
  synonyms: () => {
    throw new Error("WordNet is not loaded yet");
  },
};

const HIDDEN = new Set(["tokenize", "nrefs"]);

function entry(descriptor: MetricDescriptor<string, any, any, any>, label: string): CatalogEntry {
  const options = descriptor.options ?? [];
  return { id: descriptor.name, label, descriptor, specs: options.filter((s) => !HIDDEN.has(s.key)), tokenizes: options.some((s) => s.key === "tokenize") };
}

/** Every metric of the page, in the order of its checkboxes and cards. */
export const CATALOG: readonly CatalogEntry[] = [
  entry(bleuMetric, "BLEU"),
  entry(chrfMetric, "chrF"),
  entry(chrfPlusPlusMetric, "chrF++"),
  entry(rougeMetric, "ROUGE"),
  entry(terMetric, "TER"),
  entry(meteorDescriptor(NOT_LOADED), `METEOR (WordNet synonyms: loads ${WORDNET_SIZE})`),
  entry(gleuMetric, "GLEU"),
  entry(nistMetric, "NIST"),
  entry(werMetric, "WER"),
  entry(cerMetric, "CER"),
  entry(merMetric, "MER"),
  entry(wilMetric, "WIL"),
  entry(wipMetric, "WIP"),
];

/** The catalog's ids. */
export const METRIC_IDS: readonly string[] = CATALOG.map((e) => e.id);

/** The metrics shown when the page opens. */
export const DEFAULT_METRICS: readonly string[] = ["bleu", "chrf", "rouge"];

/** A spec's default as the control shows it (`""` when the spec has none). */
export function defaultText(spec: OptionSpec): string {
  const d = spec.default;
  if (d === undefined) return "";
  return Array.isArray(d) ? d.join(",") : String(d);
}

/**
 * The option value of a control's text, as the library takes it: booleans from `"true"`/`"false"`,
 * numbers parsed (text that is not a number is passed on as it is, and the metric's own check says
 * what it expected), lists split at commas. Undefined for an empty text (the option is left out).
 */
export function optionValue(spec: OptionSpec, text: string): unknown {
  if (spec.type === "boolean") return text === "true";
  const t = text.trim();
  if (t === "") return undefined;
  if (spec.type === "number") return Number.isFinite(Number(t)) ? Number(t) : t;
  if (spec.type === "list") return t.split(",").map((s) => s.trim()).filter((s) => s !== "");
  return t;
}

/**
 * The options object of a metric from the texts of its changed controls (`changed`: key → text,
 * only the controls that differ from their defaults), as the library would be called.
 */
export function optionsOf(entry: CatalogEntry, changed: Readonly<Record<string, string>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of entry.specs) {
    const text = changed[spec.key];
    if (text === undefined) continue;
    const value = optionValue(spec, text);
    if (value !== undefined) out[spec.key] = value;
  }
  return out;
}

/** Makes a catalog metric with `options` (the `tokenize` option included when given). */
export function makeMetric(entry: CatalogEntry, options: Record<string, unknown>, wordnet?: SynonymProvider): Metric<any, any> {
  const descriptor = entry.id === "meteor" && wordnet !== undefined ? meteorDescriptor(wordnet) : entry.descriptor;
  return descriptor.create(options);
}

/** Whether METEOR with these options looks up synonyms in WordNet (its default). */
export function needsWordnet(entry: CatalogEntry, options: Record<string, unknown>): boolean {
  return entry.id === "meteor" && (options.synonyms === undefined || options.synonyms === "wordnet");
}

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
  /** The metric compares each hypothesis with its source (SARI): the page shows its sources box. */
  readonly needsSource: boolean;
  /** The metric scores the hypotheses alone (distinct-n, Self-BLEU): references are not read. */
  readonly referenceFree: boolean;
  /**
   * The metric's document frequencies come from the references of every segment scored (CIDEr-D,
   * CIDEr): the page scores all its segments as one corpus, and one segment alone scores 0.
   */
  readonly corpusDf: boolean;
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

const CORPUS_DF = new Set(["cider", "cider-original"]);

function entry(descriptor: MetricDescriptor<string, any, any, any>, label: string): CatalogEntry {
  const options = descriptor.options ?? [];
  return {
    id: descriptor.name,
    label,
    descriptor,
    specs: options.filter((s) => !HIDDEN.has(s.key)),
    tokenizes: options.some((s) => s.key === "tokenize"),
    needsSource: descriptor.needsSource === true,
    referenceFree: descriptor.referenceFree === true,
    corpusDf: CORPUS_DF.has(descriptor.name),
  };
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

/** A metric whose code is a chunk of its own (see {@link loadLazyCatalog}): what the page shows before it loads. */
export interface LazyMetric {
  /** The descriptor's name. */
  readonly id: string;
  /** What the checkbox says. */
  readonly label: string;
  /** As the descriptor's `needsSource` (a test checks they agree): the sources box shows when it is chosen. */
  readonly needsSource: boolean;
  /** As the descriptor's `referenceFree`. */
  readonly referenceFree: boolean;
  /** See {@link CatalogEntry.corpusDf}. */
  readonly corpusDf: boolean;
}

const lazy = (id: string, label: string, kind: { needsSource?: true; referenceFree?: true } = {}): LazyMetric => ({
  id,
  label,
  needsSource: kind.needsSource === true,
  referenceFree: kind.referenceFree === true,
  corpusDf: CORPUS_DF.has(id),
});

/**
 * The metrics of other tasks, after {@link CATALOG} in the page's order: CIDEr-D and CIDEr (captioning),
 * SARI (simplification), characTER and EED, SQuAD v1.1 and v2.0, distinct-n and Self-BLEU (diversity). Their code
 * (`@gramscore/metric-cider`, `-sari`, `-character`, `-squad`, `-diversity`) loads when one is chosen.
 */
export const LAZY_METRICS: readonly LazyMetric[] = [
  lazy("cider", "CIDEr-D"),
  lazy("cider-original", "CIDEr (original)"),
  lazy("sari", "SARI (needs sources)", { needsSource: true }),
  lazy("easse_sari", "SARI EASSE (corpus SARI, needs sources)", { needsSource: true }),
  lazy("character", "characTER"),
  lazy("eed", "EED"),
  lazy("eed_rwth", "EED rwth-i6 (its C++ code)"),
  lazy("squad", "SQuAD (EM, F1)"),
  lazy("squad_v2", "SQuAD v2 (EM, F1, HasAns/NoAns; empty line = no answer)"),
  lazy("distinct", "distinct-n (no references)", { referenceFree: true }),
  lazy("distinct-mean", "distinct-n mean (no references)", { referenceFree: true }),
  lazy("self-bleu", "Self-BLEU NLTK (Texygen, no references)", { referenceFree: true }),
  lazy("self-bleu-sacrebleu", "Self-BLEU sacrebleu (no references)", { referenceFree: true }),
];

let lazyCatalog: Promise<readonly CatalogEntry[]> | undefined;

/** The entries of {@link LAZY_METRICS}, once their chunk has loaded (loaded once; a failed load is tried again). */
export function loadLazyCatalog(): Promise<readonly CatalogEntry[]> {
  lazyCatalog ??= import("./lazymetrics.js").then((m) => LAZY_METRICS.map((l) => entry(m.DESCRIPTORS[l.id]!, l.label)));
  lazyCatalog.catch(() => (lazyCatalog = undefined));
  return lazyCatalog;
}

/** Every metric id of the page, in the order of its checkboxes and cards ({@link CATALOG}'s, then {@link LAZY_METRICS}'). */
export const METRIC_IDS: readonly string[] = [...CATALOG.map((e) => e.id), ...LAZY_METRICS.map((l) => l.id)];

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

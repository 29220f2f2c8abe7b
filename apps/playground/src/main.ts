import { isGramscoreError, toSegments } from "@gramscore/core";
import type { Metric, OptionSpec, Segment, Tokenizer } from "@gramscore/core";
import type { SynonymProvider } from "@gramscore/metric-meteor";
import { createRougeTokenizer } from "@gramscore/metric-rouge";
import { REPORT_CSS, matchViews } from "@gramscore/report";
import type { MatchView } from "@gramscore/report";
import { createIntlWords } from "@gramscore/tokenizer-intl-words";
import { createSacrebleuTokenizer } from "@gramscore/tokenizer-sacrebleu";
import type { SacrebleuSpmModelInfo, SacrebleuSpmName, SentencePieceModel } from "@gramscore/tokenizer-sentencepiece";
import { loadTiktoken } from "@gramscore/tokenizer-subword/tiktoken";
import { createWhitespace } from "@gramscore/tokenizer-whitespace";
import { PLAYGROUND_ADAPTERS } from "./adapters.js";
import { CATALOG, IPADIC_SIZE, LAZY_METRICS, METRIC_IDS, defaultText, loadLazyCatalog, makeMetric, needsWordnet, optionsOf } from "./catalog.js";
import type { CatalogEntry } from "./catalog.js";
import { cardNote, entrySegments, explainsSegment, lines, scoreCard } from "./scoring.js";
import { PLAYGROUND_CSS } from "./style.js";
import { decodeState, encodeState, DEFAULT_STATE, TOKENIZERS } from "./state.js";
import type { State, TokenizerChoice } from "./state.js";

const style = document.createElement("style");
style.textContent = REPORT_CSS + PLAYGROUND_CSS;
document.head.append(style);

const $ = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | undefined> = {}, ...kids: (Node | string | null | undefined)[]): HTMLElementTagNameMap[K] => {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) el.setAttribute(k, v);
  for (const kid of kids) if (kid !== null && kid !== undefined) el.append(kid);
  return el;
};

let state: State = decodeState(location.hash.slice(1), METRIC_IDS) ?? structuredClone(DEFAULT_STATE);

/** A catalog id as an element id (`chrf++` → `chrfpp`). */
const slug = (id: string) => id.replace(/\+/g, "p");
const SPM: readonly string[] = ["flores101", "flores200", "spBLEU-1K"];

// Input controls.
const hypIn = $("textarea", { id: "hyps", rows: "6", spellcheck: "false", "aria-label": "hypotheses" });
const refIn = $("textarea", { id: "refs", rows: "6", spellcheck: "false", "aria-label": "references" });
const ref2In = $("textarea", { id: "refs2", rows: "3", spellcheck: "false", "aria-label": "second references", placeholder: "optional: a second reference per line" });
const srcIn = $("textarea", { id: "srcs", rows: "4", spellcheck: "false", "aria-label": "sources" });
/** The sources box and its label: shown while a metric that needs sources (SARI) is chosen. */
const srcRow = $(
  "div",
  { id: "src-row" },
  $("label", { class: "block", for: "srcs" }, "Sources ", $("span", { class: "hint" }, "line i is the sentence hypothesis i was made from (SARI compares with it)")),
  srcIn,
);

const TOKENIZER_LABELS: Record<TokenizerChoice, string> = {
  default: "each metric's default (its signature's)",
  "13a": "13a (sacrebleu)",
  intl: "intl (sacrebleu)",
  char: "char (sacrebleu)",
  none: "none (whitespace)",
  rouge: "rouge-score's",
  "ja-mecab": `ja-mecab (MeCab + IPADIC, loads ${IPADIC_SIZE})`,
  "intl-words": "intl-words (Intl.Segmenter)",
  flores101: "flores101 (SentencePiece, your model file)",
  flores200: "flores200 (SentencePiece, your model file)",
  "spBLEU-1K": "spBLEU-1K (SentencePiece, your model file)",
  o200k_base: "o200k_base (GPT-4o subwords)",
  cl100k_base: "cl100k_base (GPT-4 subwords)",
};
const tokSel = $("select", { id: "tokenizer", "aria-label": "tokenizer" }, ...TOKENIZERS.map((t) => $("option", { value: t }, TOKENIZER_LABELS[t])));
const spmIn = $("input", { type: "file", id: "spm-model", "aria-label": "SentencePiece model file" });
const spmInfo = $("span", { class: "hint", id: "spm-info" });
const spmRow = $("span", { class: "group", id: "spm-row" }, $("label", {}, "model file ", spmIn), spmInfo);

/** A generated control for one OptionSpec: its value is the spec's default until changed. */
function control(entry: CatalogEntry, spec: OptionSpec): HTMLElement {
  const id = `o-${slug(entry.id)}-${spec.key}`;
  const attrs = { id, "data-key": spec.key, "data-default": defaultText(spec), title: spec.description };
  const saved = state.options[entry.id]?.[spec.key];
  const text = saved ?? defaultText(spec);
  let input: HTMLInputElement | HTMLSelectElement;
  if (spec.type === "boolean") {
    input = $("input", { ...attrs, type: "checkbox" });
    input.checked = text === "true";
    return $("label", { class: "opt" }, input, ` ${spec.flag}`);
  }
  if (spec.choices !== undefined) {
    input = $("select", attrs, ...spec.choices.map((c) => $("option", { value: c }, c)));
    input.value = text;
  } else if (spec.type === "number") {
    const step = spec.integer ? "1" : "any";
    input = $("input", { ...attrs, type: "number", step, min: spec.min === undefined ? undefined : String(spec.min), max: spec.max === undefined ? undefined : String(spec.max), placeholder: spec.default === undefined ? "default" : undefined });
    input.value = text;
  } else {
    input = $("input", { ...attrs, type: "text", size: spec.type === "list" ? "24" : "10", placeholder: spec.default === undefined ? "none" : undefined });
    input.value = text;
  }
  return $("label", { class: "opt" }, `${spec.flag} `, input);
}

/** Every metric of the page, in order: the built-in catalog, then the metrics whose code loads when chosen. */
const ITEMS: readonly { id: string; label: string; needsSource: boolean }[] = [...CATALOG, ...LAZY_METRICS];
/** The catalog entries made so far (the lazy ones once their chunk has loaded). */
const entries = new Map<string, CatalogEntry>(CATALOG.map((e) => [e.id, e]));

/** Per metric: its checkbox and its fieldset of option controls (filled when its entry is there). */
const metricBoxes = new Map<string, HTMLInputElement>();
const optionSets = new Map<string, HTMLFieldSetElement>();

/** Fills a metric's fieldset with the controls of its OptionSpecs. */
function fillOptions(set: HTMLFieldSetElement, entry: CatalogEntry): void {
  set.replaceChildren($("legend", {}, `${entry.label.replace(/ \(.*/, "")} options`), ...entry.specs.map((s) => control(entry, s)));
  if (entry.specs.length === 0) set.append($("span", { class: "hint" }, "none"));
}

for (const item of ITEMS) {
  const box = $("input", { type: "checkbox", id: `m-${slug(item.id)}`, "data-metric": item.id });
  box.checked = state.metrics.includes(item.id);
  metricBoxes.set(item.id, box);
  const set = $("fieldset", { class: "mopts", "data-metric": item.id }, $("legend", {}, `${item.label.replace(/ \(.*/, "")} options`), $("span", { class: "hint" }, "loading…"));
  const entry = entries.get(item.id);
  if (entry !== undefined) fillOptions(set, entry);
  set.hidden = !box.checked;
  optionSets.set(item.id, set);
  box.addEventListener("change", () => {
    set.hidden = !box.checked;
    showSources();
    void update();
  });
  set.addEventListener("change", () => void update());
  set.addEventListener("input", (ev) => {
    if ((ev.target as HTMLElement).getAttribute("type") !== "checkbox") void update();
  });
}

/** The metrics of other tasks: their chunk, then their controls (with the options the permalink saved). */
async function loadLazy(): Promise<void> {
  for (const entry of await loadLazyCatalog()) {
    if (entries.has(entry.id)) continue;
    entries.set(entry.id, entry);
    fillOptions(optionSets.get(entry.id)!, entry);
  }
}

const segSel = $("select", { id: "segment", "aria-label": "segment to explain" });
const linkBtn = $("button", { id: "copy-link", type: "button" }, "Copy permalink");
const status = $("span", { class: "status", id: "status" });
const results = $("div", { id: "results" });
const explainBox = $("div", { id: "explain" });

const app = document.getElementById("app")!;
app.append(
  $(
    "header",
    { class: "top" },
    $("h1", {}, "gramscore playground"),
    $(
      "p",
      { class: "meta" },
      "BLEU, chrF, ROUGE, TER, METEOR, GLEU, NIST, WER, CIDEr-D, SARI, characTER, EED, SQuAD, distinct-n and Self-BLEU as you type, computed in this page by the same packages npm installs (sacrebleu 2.6.0, rouge-score 0.1.2, NLTK 3.8, jiwer 3.1.0, pycocoevalcap, HF evaluate and torchmetrics numbers). Nothing leaves the browser.",
    ),
  ),
  $(
    "div",
    { class: "cols" },
    $(
      "div",
      { class: "inputs" },
      $("label", { class: "block", for: "hyps" }, "Hypotheses ", $("span", { class: "hint" }, "one segment per line")),
      hypIn,
      $("label", { class: "block", for: "refs" }, "References ", $("span", { class: "hint" }, "line i is the reference of hypothesis i")),
      refIn,
      ref2In,
      srcRow,
      $(
        "div",
        { class: "opts" },
        $("span", { class: "group metrics" }, ...ITEMS.map((e) => $("label", {}, metricBoxes.get(e.id)!, ` ${e.label}`))),
        $("span", { class: "group" }, $("label", {}, "tokenizer ", tokSel), $("span", { class: "hint" }, "for the metrics that take one")),
        spmRow,
        ...ITEMS.map((e) => optionSets.get(e.id)!),
        $("span", { class: "group" }, linkBtn, status),
      ),
    ),
    $("div", { class: "outputs" }, results, $("div", { class: "seg-pick" }, $("label", {}, "Explain segment ", segSel)), explainBox),
  ),
);

hypIn.value = state.hyps;
refIn.value = state.refs;
ref2In.value = state.refs2;
srcIn.value = state.srcs;
/** Shows the sources box while a chosen metric needs sources. */
function showSources(): void {
  srcRow.hidden = !ITEMS.some((e) => e.needsSource && metricBoxes.get(e.id)!.checked);
}
showSources();
tokSel.value = state.tokenizer;
spmRow.hidden = !SPM.includes(state.tokenizer);

for (const el of [hypIn, refIn, ref2In, srcIn]) el.addEventListener("input", () => void update());
tokSel.addEventListener("change", () => {
  spmRow.hidden = !SPM.includes(tokSel.value);
  void update();
});
segSel.addEventListener("change", () => {
  state.segment = Number(segSel.value);
  void update();
});
linkBtn.addEventListener("click", () => {
  void navigator.clipboard?.writeText(location.href).then(
    () => (status.textContent = "link copied"),
    () => (status.textContent = "copy the address bar"),
  );
});

/** The texts of the controls that differ from their defaults, per metric. */
function readOptions(): State["options"] {
  const out: State["options"] = {};
  for (const { id } of ITEMS) {
    const entry = entries.get(id);
    // A metric whose controls have not loaded yet keeps the options it had (a permalink's).
    if (entry === undefined) {
      if (state.options[id] !== undefined) out[id] = state.options[id]!;
      continue;
    }
    const changed: Record<string, string> = {};
    for (const el of optionSets.get(entry.id)!.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-key]")) {
      const text = el instanceof HTMLInputElement && el.type === "checkbox" ? String(el.checked) : el.value;
      if (text !== el.getAttribute("data-default")) changed[el.getAttribute("data-key")!] = text;
    }
    if (Object.keys(changed).length > 0) out[entry.id] = changed;
  }
  return out;
}

/** Subword tokenizers load their vocabulary once (lazily: a separate chunk of the build). */
const subword = new Map<string, Promise<Tokenizer>>();
function subwordTokenizer(encoding: "o200k_base" | "cl100k_base"): Promise<Tokenizer> {
  let p = subword.get(encoding);
  if (!p) {
    const modules: Record<string, () => Promise<unknown>> = {
      "gpt-tokenizer/encoding/o200k_base": () => import("gpt-tokenizer/encoding/o200k_base"),
      "gpt-tokenizer/bpeRanks/o200k_base": () => import("gpt-tokenizer/bpeRanks/o200k_base"),
      "gpt-tokenizer/encoding/cl100k_base": () => import("gpt-tokenizer/encoding/cl100k_base"),
      "gpt-tokenizer/bpeRanks/cl100k_base": () => import("gpt-tokenizer/bpeRanks/cl100k_base"),
    };
    p = loadTiktoken({ encoding, library: "gpt-tokenizer", importer: (s) => (modules[s] ?? (() => Promise.reject(new Error(`not bundled: ${s}`))))() });
    subword.set(encoding, p);
  }
  return p;
}

/**
 * ja-mecab: its code and IPADIC (fetched from the dictionary package's file beside the build) are
 * loaded only when it is chosen, once.
 */
let jaMecab: Promise<Tokenizer> | undefined;
function jaMecabTokenizer(): Promise<Tokenizer> {
  jaMecab ??= (async () => {
    const [{ createJaMecab }, { loadIpadicFrom }, { default: url }] = await Promise.all([
      import("@gramscore/tokenizer-ja-mecab"),
      import("@gramscore/dict-ipadic"),
      import("@gramscore/dict-ipadic/dist/ipadic.bin?url"),
    ]);
    await loadIpadicFrom(new URL(url, location.href));
    return createJaMecab();
  })();
  // A failed load is tried again on the next change.
  jaMecab.catch(() => (jaMecab = undefined));
  return jaMecab;
}

/** WordNet for METEOR's synonyms: a chunk of its own, imported when METEOR with WordNet is chosen. */
let wordnet: Promise<SynonymProvider> | undefined;
function loadWordnet(): Promise<SynonymProvider> {
  wordnet ??= import("./wordnet.js").then((m) => m.wordnet);
  wordnet.catch(() => (wordnet = undefined));
  return wordnet;
}

/** The SentencePiece model the user chose (never uploaded anywhere, not in the permalink). */
let spm: { file: string; model: SentencePieceModel } | undefined;
let spmError: unknown;
spmIn.addEventListener("change", () => {
  const file = spmIn.files?.[0];
  if (!file) return;
  void (async () => {
    try {
      status.textContent = "reading the model…";
      const [{ loadSentencePieceModel }, bytes] = await Promise.all([import("./sentencepiece.js"), file.arrayBuffer()]);
      const model = loadSentencePieceModel(new Uint8Array(bytes));
      spm = { file: file.name, model };
      spmError = undefined;
      spmInfo.textContent = `${file.name}: sha256 ${model.sha256} (${model.modelType}, ${model.vocabularySize} pieces)`;
    } catch (error) {
      spm = undefined;
      spmError = error;
      spmInfo.textContent = "";
    }
    void update();
  })();
});

/** Thrown when a SentencePiece tokenizer is chosen before its model file. */
class NeedsModel extends Error {
  constructor(
    readonly tokenizer: SacrebleuSpmName,
    readonly info: SacrebleuSpmModelInfo,
  ) {
    super(`${tokenizer} needs a model file`);
  }
}

/** The tokenizer chosen, as an object every tokenizing metric takes; undefined for each metric's default. */
async function tokenizer(t: TokenizerChoice): Promise<Tokenizer | undefined> {
  switch (t) {
    case "default":
      return undefined;
    case "13a":
    case "intl":
    case "char":
      return createSacrebleuTokenizer(t);
    case "none":
      return createWhitespace();
    case "rouge":
      return createRougeTokenizer();
    case "ja-mecab":
      return jaMecabTokenizer();
    case "intl-words":
      return createIntlWords();
    case "o200k_base":
    case "cl100k_base":
      return subwordTokenizer(t);
    default: {
      const { createSacrebleuSpm, SACREBLEU_SPM_MODELS } = await import("./sentencepiece.js");
      if (spmError !== undefined) throw spmError;
      if (spm === undefined) throw new NeedsModel(t, SACREBLEU_SPM_MODELS[t]);
      return createSacrebleuSpm(t, { model: spm.model });
    }
  }
}

/** One metric of the page, made, or the error its options gave. */
type Made = { entry: CatalogEntry; metric: Metric<any, any> } | { entry: CatalogEntry; error: unknown };

let generation = 0;
async function update(): Promise<void> {
  state = {
    ...state,
    hyps: hypIn.value,
    refs: refIn.value,
    refs2: ref2In.value,
    srcs: srcIn.value,
    metrics: ITEMS.filter((e) => metricBoxes.get(e.id)!.checked).map((e) => e.id),
    options: readOptions(),
    tokenizer: tokSel.value as TokenizerChoice,
  };
  history.replaceState(null, "", `#${encodeState(state)}`);
  const mine = ++generation;
  if (state.metrics.some((id) => !entries.has(id))) {
    status.textContent = "loading the metrics…";
    try {
      await loadLazy();
    } catch (error) {
      if (mine === generation) showError(error);
      return;
    }
    if (mine !== generation) return;
  }
  const chosen = METRIC_IDS.filter((id) => state.metrics.includes(id)).map((id) => entries.get(id)!);
  let segments: Segment[];
  const made: Made[] = [];
  try {
    const streams = [lines(state.refs)];
    if (state.refs2.trim() !== "") streams.push(lines(state.refs2));
    status.textContent = state.tokenizer.endsWith("_base") ? "loading the vocabulary…" : state.tokenizer === "ja-mecab" ? "loading the dictionary…" : "";
    const tok = await tokenizer(state.tokenizer);
    for (const entry of chosen) {
      const options = optionsOf(entry, state.options[entry.id] ?? {});
      if (entry.tokenizes && tok !== undefined) options.tokenize = tok;
      let syn: SynonymProvider | undefined;
      if (needsWordnet(entry, options)) {
        status.textContent = "loading WordNet…";
        syn = await loadWordnet();
      }
      try {
        made.push({ entry, metric: makeMetric(entry, options, syn) });
      } catch (error) {
        made.push({ entry, error });
      }
    }
    // References are read when a chosen metric uses them (or none is chosen); reference-free metrics
    // score the hypotheses alone, whatever the references box holds.
    const hyps = lines(state.hyps);
    segments = chosen.length > 0 && chosen.every((e) => e.referenceFree) ? hyps.map((hyp) => ({ hyp, refs: [] })) : toSegments(hyps, streams);
  } catch (error) {
    if (mine !== generation) return;
    if (error instanceof NeedsModel) showModelNeeded(error);
    else showError(error);
    return;
  }
  if (mine !== generation) return;
  status.textContent = "";
  const cards = $("div", { id: "scores" });
  const scored: Metric<any, any>[] = [];
  const hyps = lines(state.hyps);
  const srcs = lines(state.srcs);
  for (const m of made) {
    const card = $("div", { class: "card", "data-metric": m.entry.id });
    if ("error" in m) card.append($("p", { class: "error" }, message(m.error)));
    else {
      let segs: Segment[];
      try {
        segs = entrySegments(m.entry, hyps, segments, srcs);
      } catch (error) {
        // Sources that do not fit: only the metrics that need them fail.
        card.append($("p", { class: "error" }, message(error)));
        cards.append(card);
        continue;
      }
      try {
        const shown = scoreCard(m.metric, segs);
        card.append($("div", { class: "result" }, ...shown.parts.map((part) => $("code", {}, part))), $("div", { class: "sig" }, $("code", {}, shown.signature)));
        const note = cardNote(m.entry, segs.length);
        if (note !== undefined) card.append($("p", { class: "hint note" }, note));
        if (explainsSegment(m.entry)) scored.push(m.metric);
      } catch (error) {
        // Input errors (lengths, empty references) are the same for every metric: shown once. CIDEr's,
        // SARI's and the reference-free metrics' own (no reference token in the corpus, fewer than
        // two texts) stay on their cards.
        if (isGramscoreError(error) && (error.code === "LENGTH_MISMATCH" || error.code === "EMPTY_INPUT") && (explainsSegment(m.entry) || segs.length === 0)) {
          showError(error);
          return;
        }
        card.append($("p", { class: "error" }, message(error)));
      }
    }
    cards.append(card);
  }
  results.replaceChildren($("h2", {}, `Corpus scores (${segments.length} segment${segments.length === 1 ? "" : "s"})`), cards);

  // The segment picker and the match views of the chosen segment.
  const seg = Math.min(state.segment, segments.length - 1);
  segSel.replaceChildren(...segments.map((s, i) => $("option", { value: String(i) }, `${i + 1}: ${s.hyp.length > 50 ? `${s.hyp.slice(0, 48)}…` : s.hyp}`)));
  segSel.value = String(seg);
  const views = seg < 0 ? [] : scored.flatMap((m) => matchViews(m, segments[seg]!.hyp, segments[seg]!.refs, PLAYGROUND_ADAPTERS));
  explainBox.replaceChildren(...views.map(viewElement));
}

const message = (error: unknown) => (isGramscoreError(error) ? `${error.code}: ${error.message}` : String(error));

function showError(error: unknown): void {
  results.replaceChildren($("p", { class: "error", id: "error" }, message(error)));
  explainBox.replaceChildren();
  status.textContent = "";
}

/** What a SentencePiece tokenizer needs before it can score: sacrebleu's file, chosen with the picker. */
function showModelNeeded(need: NeedsModel): void {
  results.replaceChildren(
    $(
      "p",
      { class: "error", id: "spm-needed" },
      `${need.tokenizer} needs sacrebleu's SentencePiece model file (${need.info.file}, from ${need.info.url}, or from sacrebleu's ~/.sacrebleu/models/): choose it with the model file picker. It is read in this page and sent nowhere.`,
    ),
  );
  explainBox.replaceChildren();
  status.textContent = "";
}

/** A match view drawn with the report's classes, its counted items in a table below (as the report does). */
function viewElement(view: MatchView): HTMLElement {
  const maxMatch = Math.max(1, ...view.legend.filter((l) => l.kind === "match").map((l) => l.mark));
  const cls = (mark: number) => {
    const kind = view.legend.find((l) => l.mark === mark)?.kind;
    return mark === 0 ? "u" : kind === "match" ? "u mt" : kind === "clip" ? "u cl" : `u ed e${mark}`;
  };
  const shade = (mark: number) => (view.legend.find((l) => l.mark === mark)?.kind === "match" ? `--a:${(0.25 + (0.75 * mark) / maxMatch).toFixed(2)}` : undefined);
  const side = (s: MatchView["hypothesis"], role: string) => {
    const line = $("div", { class: `units ${view.unit}`, "data-role": role });
    s.units.forEach((u, i) => {
      const m = s.marks[i] ?? 0;
      line.append($("span", { class: cls(m), "data-mark": String(m), style: shade(m), title: view.legend.find((l) => l.mark === m)?.label }, u));
      if (view.unit === "token" && i < s.units.length - 1) line.append(" ");
    });
    return $("div", { class: "side" }, $("div", { class: "label" }, s.label), line);
  };
  const matches = view.legend.filter((l) => l.kind === "match");
  const legend = $("div", { class: "legend" });
  if (matches.length > 2) {
    const ramp = $("span", {});
    for (const l of matches) ramp.append($("span", { class: cls(l.mark), style: shade(l.mark), title: l.label }, ` ${l.mark} `));
    ramp.append(` ${matches[0]!.label.replace(/\b1-/, "n-")} (darker = higher order)`);
    legend.append(ramp);
  } else for (const l of matches) legend.append($("span", { class: cls(l.mark), style: shade(l.mark) }, l.label));
  for (const l of view.legend) if (l.kind !== "match") legend.append($("span", { class: cls(l.mark) }, l.label));
  const table =
    view.table && view.table.rows.length > 0
      ? $(
          "details",
          {},
          $("summary", {}, `${view.table.rows.length} counted item${view.table.rows.length === 1 ? "" : "s"}`),
          $(
            "div",
            { class: "wrap" },
            $("table", { class: "ngrams" }, $("thead", {}, $("tr", {}, ...view.table.columns.map((c) => $("th", {}, c)))), $("tbody", {}, ...view.table.rows.map((r) => $("tr", {}, ...r.map((c) => $("td", {}, String(c))))))),
          ),
        )
      : null;
  return $(
    "div",
    { class: "view", "data-metric": view.metric, "data-title": view.title },
    $("h4", {}, view.title),
    $("p", { class: "summary" }, view.summary),
    side(view.hypothesis, "hypothesis"),
    ...view.references.map((r, k) => side(r, `reference-${k}`)),
    legend,
    table,
  );
}

void update();

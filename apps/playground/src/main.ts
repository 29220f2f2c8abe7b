import { evaluate, isGramscoreError, toSegments } from "@gramscore/core";
import type { Metric, Segment, Tokenizer } from "@gramscore/core";
import { createBleu } from "@gramscore/metric-bleu";
import { createChrf } from "@gramscore/metric-chrf";
import { createRouge } from "@gramscore/metric-rouge";
import { REPORT_CSS, matchViews } from "@gramscore/report";
import type { MatchView } from "@gramscore/report";
import { createIntlWords } from "@gramscore/tokenizer-intl-words";
import { loadTiktoken } from "@gramscore/tokenizer-subword/tiktoken";
import { PLAYGROUND_CSS } from "./style.js";
import { decodeState, encodeState, DEFAULT_STATE } from "./state.js";
import type { State } from "./state.js";

const style = document.createElement("style");
style.textContent = REPORT_CSS + PLAYGROUND_CSS;
document.head.append(style);

const $ = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | undefined> = {}, ...kids: (Node | string | null | undefined)[]): HTMLElementTagNameMap[K] => {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) el.setAttribute(k, v);
  for (const kid of kids) if (kid !== null && kid !== undefined) el.append(kid);
  return el;
};

let state: State = decodeState(location.hash.slice(1)) ?? { ...DEFAULT_STATE };

// Input controls.
const hypIn = $("textarea", { id: "hyps", rows: "6", spellcheck: "false", "aria-label": "hypotheses" });
const refIn = $("textarea", { id: "refs", rows: "6", spellcheck: "false", "aria-label": "references" });
const ref2In = $("textarea", { id: "refs2", rows: "3", spellcheck: "false", "aria-label": "second references", placeholder: "optional: a second reference per line" });
const metricBox = (key: keyof State["metrics"], label: string) => {
  const input = $("input", { type: "checkbox", id: `m-${key}` });
  input.checked = state.metrics[key];
  input.addEventListener("change", () => {
    state.metrics[key] = input.checked;
    update();
  });
  return $("label", {}, input, ` ${label}`);
};
const tokSel = $(
  "select",
  { id: "tokenizer", "aria-label": "tokenizer" },
  $("option", { value: "13a" }, "13a (sacrebleu default)"),
  $("option", { value: "intl" }, "intl"),
  $("option", { value: "char" }, "char"),
  $("option", { value: "none" }, "none (whitespace)"),
  $("option", { value: "rouge" }, "rouge-score's"),
  $("option", { value: "ja-mecab" }, "ja-mecab (MeCab + IPADIC, loads 8.8 MB)"),
  $("option", { value: "intl-words" }, "intl-words (Intl.Segmenter)"),
  $("option", { value: "o200k_base" }, "o200k_base (GPT-4o subwords)"),
  $("option", { value: "cl100k_base" }, "cl100k_base (GPT-4 subwords)"),
);
const lcIn = $("input", { type: "checkbox", id: "lowercase" });
const stemIn = $("input", { type: "checkbox", id: "stem" });
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
    $("p", { class: "meta" }, "BLEU, chrF and ROUGE as you type, computed in this page by the same packages npm installs (sacrebleu 2.6.0 and rouge-score 0.1.2 numbers). Nothing leaves the browser."),
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
      $(
        "div",
        { class: "opts" },
        $("span", { class: "group" }, metricBox("bleu", "BLEU"), metricBox("chrf", "chrF"), metricBox("chrfpp", "chrF++"), metricBox("rouge", "ROUGE")),
        $("span", { class: "group" }, $("label", {}, "tokenizer ", tokSel)),
        $("span", { class: "group" }, $("label", {}, lcIn, " lowercase"), $("label", {}, stemIn, " ROUGE stemming")),
        $("span", { class: "group" }, linkBtn, status),
      ),
    ),
    $("div", { class: "outputs" }, results, $("div", { class: "seg-pick" }, $("label", {}, "Explain segment ", segSel)), explainBox),
  ),
);

hypIn.value = state.hyps;
refIn.value = state.refs;
ref2In.value = state.refs2;
tokSel.value = state.tokenizer;
lcIn.checked = state.lowercase;
stemIn.checked = state.stem;

for (const el of [hypIn, refIn, ref2In]) el.addEventListener("input", () => update());
tokSel.addEventListener("change", () => update());
lcIn.addEventListener("change", () => update());
stemIn.addEventListener("change", () => update());
segSel.addEventListener("change", () => {
  state.segment = Number(segSel.value);
  update();
});
linkBtn.addEventListener("click", () => {
  void navigator.clipboard?.writeText(location.href).then(
    () => (status.textContent = "link copied"),
    () => (status.textContent = "copy the address bar"),
  );
});

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
 * ja-mecab: its code and IPADIC (8.8 MB, fetched from the dictionary package's file beside the
 * build) are loaded only when it is chosen, once.
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

/** intl-words: the engine's Intl.Segmenter (no data to load). */
let intlWords: Tokenizer | undefined;

/** The metrics the options ask for. */
async function metrics(): Promise<Metric<any, any>[]> {
  const out: Metric<any, any>[] = [];
  const t = state.tokenizer;
  const tok: string | Tokenizer =
    t === "o200k_base" || t === "cl100k_base"
      ? await subwordTokenizer(t)
      : t === "ja-mecab"
        ? await jaMecabTokenizer()
        : t === "intl-words"
          ? (intlWords ??= createIntlWords())
          : t;
  const bleuTok = tok === "rouge" ? "13a" : tok;
  if (state.metrics.bleu) out.push(createBleu({ tokenize: bleuTok, lowercase: state.lowercase }));
  if (state.metrics.chrf) out.push(createChrf({ lowercase: state.lowercase }));
  if (state.metrics.chrfpp) out.push(createChrf({ wordOrder: 2, lowercase: state.lowercase }));
  if (state.metrics.rouge) {
    const rougeTok = typeof tok === "string" ? (tok === "13a" || tok === "intl" || tok === "char" || tok === "none" ? "rouge" : tok) : tok;
    out.push(createRouge({ rougeTypes: ["rouge1", "rouge2", "rougeL"], stemmer: state.stem ? "porter" : "none", tokenize: rougeTok }));
  }
  return out;
}

const lines = (text: string) => (text === "" ? [] : text.split("\n"));

let generation = 0;
async function update(): Promise<void> {
  state = { ...state, hyps: hypIn.value, refs: refIn.value, refs2: ref2In.value, tokenizer: tokSel.value as State["tokenizer"], lowercase: lcIn.checked, stem: stemIn.checked };
  history.replaceState(null, "", `#${encodeState(state)}`);
  const mine = ++generation;
  let segments: Segment[];
  let list: Metric<any, any>[];
  try {
    const streams = [lines(state.refs)];
    if (state.refs2.trim() !== "") streams.push(lines(state.refs2));
    status.textContent = state.tokenizer.endsWith("_base") ? "loading the vocabulary…" : state.tokenizer === "ja-mecab" ? "loading the dictionary…" : "";
    list = await metrics();
    segments = toSegments(lines(state.hyps), streams);
  } catch (error) {
    if (mine !== generation) return;
    showError(error);
    return;
  }
  if (mine !== generation) return;
  status.textContent = "";
  const cards = $("div", { id: "scores" });
  try {
    list.forEach((m, k) => {
      const ev = evaluate(m, segments);
      const line = m.format ? m.format(ev.corpus) : Object.entries(m.summarize(ev.corpus)).map(([c, v]) => `${c} ${v}`).join(" ");
      cards.append(
        $(
          "div",
          { class: "card", "data-metric": m.name, "data-index": String(k) },
          $("div", { class: "result" }, ...line.split(" | ").map((part) => $("code", {}, part))),
          $("div", { class: "sig" }, $("code", {}, ev.signature)),
        ),
      );
    });
  } catch (error) {
    showError(error);
    return;
  }
  results.replaceChildren($("h2", {}, `Corpus scores (${segments.length} segment${segments.length === 1 ? "" : "s"})`), cards);

  // The segment picker and the match views of the chosen segment.
  const seg = Math.min(state.segment, segments.length - 1);
  segSel.replaceChildren(...segments.map((s, i) => $("option", { value: String(i) }, `${i + 1}: ${s.hyp.length > 50 ? `${s.hyp.slice(0, 48)}…` : s.hyp}`)));
  segSel.value = String(seg);
  const views = list.flatMap((m) => matchViews(m, segments[seg]!.hyp, segments[seg]!.refs));
  explainBox.replaceChildren(...views.map(viewElement));
}

function showError(error: unknown): void {
  const message = isGramscoreError(error) ? `${error.code}: ${error.message}` : String(error);
  results.replaceChildren($("p", { class: "error", id: "error" }, message));
  explainBox.replaceChildren();
  status.textContent = "";
}

/** A match view drawn with the report's classes. */
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
  return $(
    "div",
    { class: "view", "data-metric": view.metric, "data-title": view.title },
    $("h4", {}, view.title),
    $("p", { class: "summary" }, view.summary),
    side(view.hypothesis, "hypothesis"),
    ...view.references.map((r, k) => side(r, `reference-${k}`)),
    legend,
  );
}

void update();

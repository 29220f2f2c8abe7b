/** The tokenizers the page offers (`default`: each metric's own, as its signature's default says). */
export const TOKENIZERS = [
  "default",
  "13a",
  "intl",
  "char",
  "none",
  "rouge",
  "ja-mecab",
  "intl-words",
  "flores101",
  "flores200",
  "spBLEU-1K",
  "o200k_base",
  "cl100k_base",
] as const;

/** One of {@link TOKENIZERS}. */
export type TokenizerChoice = (typeof TOKENIZERS)[number];

/** What the page shows, all of it kept in the URL (the permalink) except a SentencePiece model file. */
export interface State {
  hyps: string;
  refs: string;
  refs2: string;
  /** The sources, one per line (line i is the source of hypothesis i): read by the metrics that need one (SARI). */
  srcs: string;
  /** The catalog ids of the metrics shown, in catalog order. */
  metrics: string[];
  /** Per metric id, the texts of the option controls changed from their defaults (key → text). */
  options: Record<string, Record<string, string>>;
  tokenizer: TokenizerChoice;
  segment: number;
}

/** The example the page opens with. */
export const DEFAULT_STATE: State = {
  hyps: "The cat sat on the mat.\nIt is raining heavily today.",
  refs: "The cat is sitting on the mat.\nIt rains heavily today.",
  refs2: "",
  srcs: "",
  metrics: ["bleu", "chrf", "rouge"],
  options: {},
  tokenizer: "default",
  segment: 0,
};

/** UTF-8 → base64url. */
function toBase64Url(text: string): string {
  let bin = "";
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(s: string): string {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** The state as a URL fragment: base64url of compact JSON, prefixed with its format (`v3.`, which added the sources). */
export function encodeState(s: State): string {
  const options = Object.fromEntries(Object.entries(s.options).filter(([, o]) => Object.keys(o).length > 0));
  return `v3.${toBase64Url(JSON.stringify([s.hyps, s.refs, s.refs2, s.metrics, options, s.tokenizer, s.segment, s.srcs]))}`;
}

const isTokenizer = (t: unknown): t is TokenizerChoice => typeof t === "string" && (TOKENIZERS as readonly string[]).includes(t);
const segmentOf = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0);

/**
 * Reads a fragment written by {@link encodeState}, by the format before it (`v2.`: no sources), or by
 * the first format (`v1.`: BLEU, chrF, chrF++ and ROUGE flags, lowercase and stemming); undefined when
 * it is missing or not one. `known` are the metric ids the page has (others are dropped).
 */
export function decodeState(fragment: string, known: readonly string[]): State | undefined {
  try {
    if (fragment.startsWith("v2.") || fragment.startsWith("v3.")) {
      const v = JSON.parse(fromBase64Url(fragment.slice(3))) as unknown;
      const length = fragment.startsWith("v3.") ? 8 : 7;
      if (!Array.isArray(v) || v.length !== length) return undefined;
      const [hyps, refs, refs2, metrics, options, tokenizer, segment, srcs = ""] = v as unknown[];
      if (typeof hyps !== "string" || typeof refs !== "string" || typeof refs2 !== "string" || typeof srcs !== "string" || !Array.isArray(metrics) || !isTokenizer(tokenizer)) return undefined;
      if (typeof options !== "object" || options === null || Array.isArray(options)) return undefined;
      const opts: Record<string, Record<string, string>> = {};
      for (const [id, o] of Object.entries(options as Record<string, unknown>)) {
        if (!known.includes(id) || typeof o !== "object" || o === null) continue;
        opts[id] = Object.fromEntries(Object.entries(o as Record<string, unknown>).filter((kv): kv is [string, string] => typeof kv[1] === "string"));
      }
      return { hyps, refs, refs2, srcs, metrics: known.filter((id) => metrics.includes(id)), options: opts, tokenizer, segment: segmentOf(segment) };
    }
    if (fragment.startsWith("v1.")) {
      const v = JSON.parse(fromBase64Url(fragment.slice(3))) as unknown;
      if (!Array.isArray(v) || v.length !== 6) return undefined;
      const [hyps, refs, refs2, flags, tokenizer, segment] = v as unknown[];
      if (typeof hyps !== "string" || typeof refs !== "string" || typeof refs2 !== "string" || typeof flags !== "string" || !/^[01]{6}$/.test(flags)) return undefined;
      if (!isTokenizer(tokenizer)) return undefined;
      const f = [...flags].map((c) => c === "1");
      const metrics = (["bleu", "chrf", "chrf++", "rouge"] as const).filter((_, i) => f[i]);
      const options: Record<string, Record<string, string>> = {};
      // v1's lowercase applied to BLEU, chrF and chrF++; its stemming to ROUGE.
      if (f[4]) for (const id of ["bleu", "chrf", "chrf++"]) options[id] = { lowercase: "true" };
      if (f[5]) options.rouge = { stemmer: "porter" };
      // v1's default, 13a, gave BLEU 13a and ROUGE rouge-score's tokenizer: each metric's default now.
      const tok: TokenizerChoice = tokenizer === "13a" ? "default" : tokenizer;
      return { hyps, refs, refs2, srcs: "", metrics: known.filter((id) => (metrics as readonly string[]).includes(id)), options, tokenizer: tok, segment: segmentOf(segment) };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

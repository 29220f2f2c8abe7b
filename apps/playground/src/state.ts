/** What the page shows, all of it kept in the URL (the permalink). */
export interface State {
  hyps: string;
  refs: string;
  refs2: string;
  metrics: { bleu: boolean; chrf: boolean; chrfpp: boolean; rouge: boolean };
  tokenizer: "13a" | "intl" | "char" | "none" | "rouge" | "ja-mecab" | "intl-words" | "o200k_base" | "cl100k_base";
  lowercase: boolean;
  stem: boolean;
  segment: number;
}

/** The example the page opens with. */
export const DEFAULT_STATE: State = {
  hyps: "The cat sat on the mat.\nIt is raining heavily today.",
  refs: "The cat is sitting on the mat.\nIt rains heavily today.",
  refs2: "",
  metrics: { bleu: true, chrf: true, chrfpp: false, rouge: true },
  tokenizer: "13a",
  lowercase: false,
  stem: false,
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

/** The state as a URL fragment: base64url of compact JSON (`v1.` prefix for future formats). */
export function encodeState(s: State): string {
  const m = s.metrics;
  const flags = [m.bleu, m.chrf, m.chrfpp, m.rouge, s.lowercase, s.stem].map((b) => (b ? 1 : 0)).join("");
  return `v1.${toBase64Url(JSON.stringify([s.hyps, s.refs, s.refs2, flags, s.tokenizer, s.segment]))}`;
}

const TOKENIZERS = new Set(["13a", "intl", "char", "none", "rouge", "ja-mecab", "intl-words", "o200k_base", "cl100k_base"]);

/** Reads a fragment written by {@link encodeState}; undefined when it is missing or not one. */
export function decodeState(fragment: string): State | undefined {
  if (!fragment.startsWith("v1.")) return undefined;
  try {
    const v = JSON.parse(fromBase64Url(fragment.slice(3))) as unknown;
    if (!Array.isArray(v) || v.length !== 6) return undefined;
    const [hyps, refs, refs2, flags, tokenizer, segment] = v as [unknown, unknown, unknown, unknown, unknown, unknown];
    if (typeof hyps !== "string" || typeof refs !== "string" || typeof refs2 !== "string" || typeof flags !== "string" || !/^[01]{6}$/.test(flags)) return undefined;
    if (typeof tokenizer !== "string" || !TOKENIZERS.has(tokenizer)) return undefined;
    const f = [...flags].map((c) => c === "1");
    return {
      hyps,
      refs,
      refs2,
      metrics: { bleu: f[0]!, chrf: f[1]!, chrfpp: f[2]!, rouge: f[3]! },
      tokenizer: tokenizer as State["tokenizer"],
      lowercase: f[4]!,
      stem: f[5]!,
      segment: typeof segment === "number" && Number.isInteger(segment) && segment >= 0 ? segment : 0,
    };
  } catch {
    return undefined;
  }
}

import { readdirSync } from "node:fs";
import { join } from "node:path";
import { intlCategory, tokenizeIntl } from "@gramscore/tokenizer-sacrebleu";
import { describe, expect, it } from "vitest";
import { INTL_COUNTS } from "../src/intl-tables.js";
import { SKIP_MESSAGE, conformanceDir, hasShared, readJsonl } from "../../../tooling/conformance/data.js";
import { refIntl, refIntlEngine } from "./reference.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const ENGINE = { P: /^\p{P}$/u, S: /^\p{S}$/u, N: /^\p{N}$/u } as const;

/** Code points where the engine's \p{P}/\p{S}/\p{N} and the generated tables disagree. */
function engineDifferences(): { cp: number; tables: string | null; engine: string | null }[] {
  const out: { cp: number; tables: string | null; engine: string | null }[] = [];
  for (let cp = 0; cp < 0x110000; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const ch = String.fromCodePoint(cp);
    const engine = ENGINE.P.test(ch) ? "P" : ENGINE.S.test(ch) ? "S" : ENGINE.N.test(ch) ? "N" : null;
    const tables = intlCategory(cp);
    if (engine !== tables) out.push({ cp, tables, engine });
  }
  return out;
}

describe("intl's Unicode tables (regex 2022.10.31, Unicode 15.0)", () => {
  it("decode to the generated counts", () => {
    const counts = { P: 0, S: 0, N: 0 };
    for (let cp = 0; cp < 0x110000; cp++) {
      const c = intlCategory(cp);
      if (c) counts[c]++;
    }
    expect(counts).toEqual(INTL_COUNTS);
  });

  it("agree with the engine on every code point the tables classify; the engine only adds newer ones", () => {
    const diffs = engineDifferences();
    const contradictions = diffs.filter((d) => d.tables !== null);
    console.log(
      `engine (Unicode ${process.versions.unicode ?? "?"}) vs tables: ${diffs.length} code points differ, ` +
        `all ${diffs.length - contradictions.length} unclassified by the tables (assigned after Unicode 15.0): ` +
        `${diffs.slice(0, 6).map((d) => `U+${d.cp.toString(16).toUpperCase()} ${d.engine}`).join(", ")}, ...`,
    );
    expect(contradictions).toEqual([]);
  });

  it("a code point newer than the tables is neither punctuation nor symbol to intl, as in sacrebleu", () => {
    // U+2FFC IDEOGRAPHIC DESCRIPTION CHARACTER SURROUND FROM RIGHT (Unicode 15.1, So): sacrebleu's
    // regex 2022.10.31 did not know it, so it is not split off.
    expect(intlCategory(0x2ffc)).toBeNull();
    expect(tokenizeIntl("a\u2ffcb")).toEqual(["a\u2ffcb"]);
    expect(tokenizeIntl("a\u2ff0b")).toEqual(["a", "\u2ff0", "b"]);
  });
});

describe.skipIf(!hasShared)("how much the engine's tables would change on the conformance data", () => {
  it("counts strings and characters where they differ", () => {
    const differing = engineDifferences().map((d) => String.fromCodePoint(d.cp).replace(/[\\\]^-]/g, "\\$&"));
    const anyDiffering = new RegExp(`[${differing.join("")}]`, "u");
    let strings = 0;
    let chars = 0;
    let affected = 0;
    const texts: string[] = [];
    for (const f of readdirSync(join(conformanceDir, "tokens")).filter((n) => n.endsWith(".jsonl.gz"))) {
      for (const r of readJsonl<{ text: string }>(`tokens/${f}`)) texts.push(r.text);
    }
    const tokenLines = texts.length;
    for (const f of readdirSync(join(conformanceDir, "data")).filter((n) => n.endsWith(".jsonl.gz") && !n.startsWith("published"))) {
      for (const r of readJsonl<{ hyp: string; refs: string[] }>(`data/${f}`)) texts.push(r.hyp, ...r.refs);
    }
    for (const t of texts) {
      strings++;
      chars += t.length;
      if (anyDiffering.test(t)) affected++;
    }
    console.log(
      `intl tables vs engine on the conformance data: ${affected} of ${strings} strings (${tokenLines} token lines + all hyps/refs, ` +
        `${chars} UTF-16 units) contain a code point the two classify differently`,
    );
    expect(strings).toBeGreaterThan(300_000);
    expect(affected).toBe(0);
    // So on this data the engine's own \p{...} gives sacrebleu's output as well.
    for (const t of texts.slice(0, tokenLines)) expect(refIntlEngine(t)).toBe(refIntl(t));
  });
});

// The list-based record reader (unitRecordList) and batched scoring (Tally.addBatch) against the
// per-segment path they replace: JSON.parse + toRecord for every line, Tally.add for every record.
// Same records, same statistics, and the same first error (code, message with file and line).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCode, isGramscoreError } from "@gramscore/core";
import { createBleu } from "@gramscore/metric-bleu";
import { createChrf } from "@gramscore/metric-chrf";
import { createRouge } from "@gramscore/metric-rouge";
import { Tally, toRecord, unitRecordList, type InputRecord, type JsonlUnit } from "gramscore";

const SOURCE = "data.jsonl";
const encoder = new TextEncoder();

/** The per-segment reader: JSON.parse and toRecord on every non-blank line, stopping at the first bad one. */
function slowRecords(lines: readonly string[], system?: string): { records: InputRecord[]; error: unknown } {
  const records: InputRecord[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    const text = lines[i]!;
    if (text.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch (cause) {
      return { records, error: { code: ErrorCode.MALFORMED_INPUT, prefix: `${SOURCE} line ${line}: not valid JSON (${(cause as Error).message}).` } };
    }
    try {
      records.push(toRecord(value, SOURCE, line, system));
    } catch (error) {
      return { records, error };
    }
  }
  return { records, error: undefined };
}

function unit(lines: readonly string[], system?: string): JsonlUnit {
  const data = encoder.encode(lines.map((l) => `${l}\n`).join(""));
  return system === undefined
    ? { kind: "jsonl", source: SOURCE, firstLine: 1, lines: lines.length, data }
    : { kind: "jsonl", source: SOURCE, firstLine: 1, lines: lines.length, data, system };
}

/** The error as compared: code and message (JSON errors: their expected start). */
function sameError(actual: unknown, expected: unknown): void {
  if (expected === undefined) {
    expect(actual).toBeUndefined();
    return;
  }
  expect(isGramscoreError(actual)).toBe(true);
  const e = expected as { code: string; message?: string; prefix?: string };
  expect((actual as { code: string }).code).toBe(e.code);
  if (e.prefix !== undefined) expect((actual as Error).message.startsWith(e.prefix)).toBe(true);
  else expect((actual as Error).message).toBe(e.message);
}

const word = fc.constantFrom("the", "cat", "a", "mat", "Sat", "é", "😀", "über", "don't", "x-y", "1.5", "\\", '"', "\t", "\u2028", "\ud800", "\u0000");
const text = fc.array(word, { maxLength: 6 }).map((w) => w.join(" "));
const other = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string(), fc.constant(null)), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.integer(), fc.string()), { maxKeys: 3 }),
);
// Fields of a record, sometimes of the wrong type, in any order, sometimes twice.
const field = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constant("hyp"), fc.oneof({ weight: 9, arbitrary: text }, { weight: 1, arbitrary: other })) },
  {
    weight: 6,
    arbitrary: fc.tuple(
      fc.constant("refs"),
      fc.oneof(
        { weight: 9, arbitrary: fc.array(fc.oneof({ weight: 8, arbitrary: text }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: other }), { maxLength: 3 }) },
        { weight: 1, arbitrary: other },
      ),
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constant("ref"), fc.oneof(text, other)) },
  { weight: 3, arbitrary: fc.tuple(fc.constant("system"), fc.oneof({ weight: 6, arbitrary: fc.constantFrom("A", "B", "sys 3") }, { weight: 1, arbitrary: fc.integer() }, { weight: 1, arbitrary: fc.double({ noNaN: true }) }, { weight: 1, arbitrary: other })) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom("id", "score", "__proto__", "meta", "h\u0079p"), other) },
);
const space = fc.constantFrom("", " ", "  ", "\t", "\r");

/** One JSONL line: a record written with random spacing, sometimes damaged, sometimes not an object. */
const line = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.tuple(fc.array(fc.tuple(field, space, space), { maxLength: 6 }), space, space).map(([fields, a, b]) => {
      const members = fields.map(([[k, v], s1, s2]) => `${JSON.stringify(k)}${s1}:${s2}${JSON.stringify(v)}`);
      return `${a}{${members.join(`,${b}`)}}${a}`;
    }),
  },
  {
    // A record with one character replaced, inserted or cut: mostly invalid JSON.
    weight: 3,
    arbitrary: fc
      .tuple(fc.array(field, { minLength: 1, maxLength: 4 }), fc.nat(), fc.constantFrom("cut", "insert", "replace"), fc.constantFrom('"', ",", "}", "]", "\\", "x", "0", " ", "\u0001", "{"))
      .map(([fields, at, how, c]) => {
        const json = JSON.stringify(Object.fromEntries(fields));
        const i = at % (json.length + 1);
        return how === "cut" ? json.slice(0, i) : how === "insert" ? json.slice(0, i) + c + json.slice(i) : json.slice(0, i) + c + json.slice(i + 1);
      }),
  },
  { weight: 1, arbitrary: fc.constantFrom("", "   ", "[]", "null", "42", '"hyp"', "{}", "\ufeff{}", '{"hyp":"a","refs":["b"]} x', '{"hyp":"a","refs":["b"],}') },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
);

describe("unitRecordList (the JSONL reader)", () => {
  it("gives the records and the first error JSON.parse + toRecord give, on random valid and invalid lines (property)", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), fc.option(fc.constantFrom("default")), (lines, system) => {
        // The reference reads the lines as a file holds them (a damaged line can split a surrogate pair, which UTF-8 cannot carry).
        const expected = slowRecords(lines.map((l) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(encoder.encode(l))), system ?? undefined);
        const actual = unitRecordList(unit(lines, system ?? undefined));
        expect(actual.records).toEqual(expected.records);
        sameError(actual.error, expected.error);
      }),
      { numRuns: 600 },
    );
  });
});

describe("Tally.addBatch (batched one-pass scoring)", () => {
  const metrics = () => [createBleu(), createChrf(), createRouge({ rougeTypes: ["rouge1", "rougeL"], stemmer: "porter" })];
  const segmentText = fc.oneof({ weight: 12, arbitrary: text }, { weight: 1, arbitrary: fc.constant("\ud800 lone") });
  const record = fc.record({
    system: fc.constantFrom("A", "B", "C"),
    hyp: segmentText,
    refs: fc.oneof({ weight: 9, arbitrary: fc.array(segmentText, { minLength: 1, maxLength: 2 }) }, { weight: 1, arbitrary: fc.constant([]) }),
  });

  it("gives the statistics and the first error of adding record by record, whatever the batches (property)", () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 9 }), (raw, size) => {
        const records: InputRecord[] = raw.map((r, i) => ({ ...r, source: SOURCE, line: i + 1 }));
        const one = new Tally(metrics(), false);
        let oneError: unknown;
        try {
          for (const r of records) one.add(r);
        } catch (error) {
          oneError = error;
        }
        const batched = new Tally(metrics(), false);
        let batchError: unknown;
        try {
          for (let i = 0; i < records.length; i += size) batched.addBatch(records.slice(i, i + size));
        } catch (error) {
          batchError = error;
        }
        if (oneError === undefined) expect(batchError).toBeUndefined();
        else {
          expect((batchError as { code?: string }).code).toBe((oneError as { code?: string }).code);
          expect((batchError as Error).message).toBe((oneError as Error).message);
          expect(batched.failed).toBe(one.failed);
        }
        // Everything before the first bad record is counted, the same way.
        expect(JSON.stringify(batched.toPart())).toBe(JSON.stringify(one.toPart()));
      }),
      { numRuns: 150 },
    );
  });
});

// The input path of whole runs: regular files read in large synchronous pieces (openBytes), and
// decodeLines decoding 32 KB pieces cut after a newline. Both must give exactly the lines (and the
// first invalid line) that one decode of the whole input gives, wherever pieces and chunks fall.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCode, isGramscoreError } from "@gramscore/core";
import { decodeLines, openBytes, type ByteCounter } from "gramscore";
import { tempDir } from "./helpers.js";

const PIECE = 1 << 15;

/** The lines of `text` as decodeLines defines them: split on \n, a final \n ends the last line. */
function expectedLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (text.endsWith("\n")) lines.pop();
  return lines;
}

/** Text of `count` lines of about `size` characters each, mixing ASCII, Latin-1, BMP and astral characters. */
const longText = fc
  .array(
    fc.record({
      size: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: PIECE - 8, max: PIECE + 8 }), fc.integer({ min: 1000, max: 9000 })),
      alphabet: fc.constantFrom("ab c", "é ü", "„“ x", "😀 y", "中文 "),
    }),
    { minLength: 1, maxLength: 14 },
  )
  .map((lines) => lines.map(({ size, alphabet }) => Array.from({ length: size }, (_, i) => [...alphabet][i % [...alphabet].length]).join("")));

describe("decodeLines in pieces", () => {
  it("gives the lines of one whole decode, with or without a final newline (property)", () => {
    fc.assert(
      fc.property(longText, fc.boolean(), (lines, terminated) => {
        const text = lines.join("\n") + (terminated ? "\n" : "");
        const decoded = decodeLines(Buffer.from(text, "utf8"), "t.txt", 1);
        expect(decoded.error).toBeUndefined();
        expect(decoded.lines).toEqual(expectedLines(text));
      }),
      { numRuns: 60 },
    );
  });

  it("keeps a line longer than a piece whole, and names the first invalid line past the first piece", () => {
    const long = "x".repeat(3 * PIECE + 5);
    const text = `a\n${long}\nb\n`;
    expect(decodeLines(Buffer.from(text, "utf8"), "t.txt", 1).lines).toEqual(["a", long, "b"]);

    const good = Array.from({ length: 5000 }, (_, i) => `line ${i} üöä`).join("\n");
    const bytes = Buffer.concat([Buffer.from(`${good}\n`, "utf8"), Buffer.from([0x61, 0xff, 0x62, 0x0a]), Buffer.from("after\n")]);
    expect(bytes.length).toBeGreaterThan(2 * PIECE);
    const decoded = decodeLines(bytes, "t.txt", 10);
    expect(decoded.lines).toHaveLength(5000);
    expect(decoded.lines[4999]).toBe("line 4999 üöä");
    expect(isGramscoreError(decoded.error) && decoded.error.code).toBe(ErrorCode.MALFORMED_INPUT);
    expect((decoded.error as Error).message).toMatch(/^t\.txt line 5010: not valid UTF-8/);
  });
});

describe("regular files read in large pieces", () => {
  it("yields every byte once, in order, counts them, and digests them (files of 0 bytes to several pieces)", async () => {
    const dir = tempDir("read-path");
    for (const size of [0, 1, (1 << 18) - 1, 1 << 18, (1 << 18) + 1, 3 * (1 << 18) + 12345]) {
      const data = Buffer.alloc(size);
      for (let i = 0; i < size; i++) data[i] = i % 7 === 6 ? 0x0a : 0x61 + (i % 26);
      const path = join(dir, `f${size}.txt`);
      writeFileSync(path, data);
      const counter: ByteCounter = { read: 0, total: 0, digests: new Map() };
      const lines = openBytes(path, { cwd: dir } as never, counter);
      const parts: Uint8Array[] = [];
      while (await lines.fill()) parts.push(lines.take(lines.available, true));
      expect(Buffer.concat(parts).equals(data)).toBe(true);
      expect(counter.read).toBe(size);
      expect(counter.total).toBe(size);
      expect(counter.digests!.get(path)!.copy().digest("hex")).toBe(
        (await import("node:crypto")).createHash("sha256").update(data).digest("hex"),
      );
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("says which file cannot be read", () => {
    const dir = tempDir("read-path-missing");
    expect(() => openBytes("missing.txt", { cwd: dir } as never, { read: 0, total: 0 })).toThrow(/Cannot read missing\.txt: no such file/);
    rmSync(dir, { recursive: true, force: true });
  });
});

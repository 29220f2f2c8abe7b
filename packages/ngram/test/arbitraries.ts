import fc from "fast-check";

/** Tokens chosen to break any join-based key: separators, spaces, NUL, astral, empty, prefixes. */
export const TRICKY_TOKENS = [
  "a",
  "b",
  "a b",
  "a|b",
  "|",
  " ",
  "\t",
  "\u0000",
  "",
  "😀",
  "a\u0000b",
  "ab",
  "b a",
  "\n",
  "𝔘",
  "a,b",
  '"',
  "[",
];

/** A token from the tricky set or an arbitrary full-Unicode string. */
export const token = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY_TOKENS) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 3, size: "max" }) },
);

/** A token sequence with many repeats. */
export const tokens = (maxLength = 40) => fc.array(token, { maxLength, size: "max" });

/** A sequence of small ids (many matches), for LCS tests. */
export const smallIds = (maxLength: number, alphabet = 4) =>
  fc.array(fc.integer({ min: 0, max: alphabet - 1 }), { maxLength, size: "max" });

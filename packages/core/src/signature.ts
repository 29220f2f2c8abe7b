import { ErrorCode, GramscoreError, describeValue } from "./errors.js";

/** A value a signature field can hold; booleans print as `yes` / `no` (sacrebleu's convention). */
export type SignatureValue = string | number | boolean;

/**
 * Formats signature fields as sacrebleu does: `key:value` pairs joined by `|`, in the given order,
 * booleans as `yes`/`no`, `undefined` fields skipped.
 */
export function formatSignature(fields: ReadonlyArray<readonly [string, SignatureValue | undefined]>): string {
  const parts: string[] = [];
  for (const [key, value] of fields) {
    if (value === undefined) continue;
    parts.push(`${key}:${typeof value === "boolean" ? (value ? "yes" : "no") : String(value)}`);
  }
  return parts.join("|");
}

/** Parses a signature back into its fields (the inverse of {@link formatSignature} on strings). */
export function parseSignature(signature: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of signature.split("|")) {
    if (part === "") continue;
    const at = part.indexOf(":");
    if (at < 0) out[part] = "";
    else out[part.slice(0, at)] = part.slice(at + 1);
  }
  return out;
}

/**
 * Reads a metric's `nrefs` option (sacrebleu's `nrefs:` signature field pinned by the user): a
 * positive integer, a string of digits (from a command line), `"var"` when the count varies, or
 * nothing (`undefined`, `null`, `""`: the signature reports the counts seen in the data).
 * @param metric Names the metric in the message, e.g. `chrF`.
 * @throws GramscoreError `INVALID_OPTION` (details `{ option: "nrefs" }`) for anything else.
 */
export function readNrefsOption(value: unknown, metric: string): number | "var" | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (value === "var") return "var";
  const n = typeof value === "string" && /^[0-9]+$/.test(value) ? Number(value) : value;
  if (typeof n === "number" && Number.isInteger(n) && n >= 1) return n;
  throw new GramscoreError(
    ErrorCode.INVALID_OPTION,
    `${metric} option nrefs must be the number of references per segment (an integer >= 1) or "var" when it varies, ` +
      `but got ${describeValue(value)}. Omit it to report the counts seen in the data.`,
    { details: { option: "nrefs" } },
  );
}

/**
 * The value of a signature's `version:` field for a gramscore package version: `gramscore-0.1.0`.
 * Signatures keep sacrebleu's fields and order; the prefix says whose version it is, so a gramscore
 * signature is never read as sacrebleu's (`version:2.6.0`).
 */
export function signatureVersion(version: string): string {
  return `gramscore-${version}`;
}

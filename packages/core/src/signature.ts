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

/** JSON text written in pieces. */

/**
 * `JSON.stringify(value, null, 2)` in pieces: objects and arrays are walked (to `depth` levels) and
 * yielded member by member, so that no piece is larger than one leaf; the text is the same.
 */
export function* jsonPieces(value: unknown, indent = "", depth = 8): Generator<string> {
  if (depth > 0 && value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON !== "function") {
    const inner = `${indent}  `;
    if (Array.isArray(value)) {
      if (value.length === 0) {
        yield "[]";
        return;
      }
      yield "[";
      for (let i = 0; i < value.length; i++) {
        yield `${i === 0 ? "" : ","}\n${inner}`;
        const v = value[i];
        if (v === undefined || typeof v === "function" || typeof v === "symbol") yield "null";
        else yield* jsonPieces(v, inner, depth - 1);
      }
      yield `\n${indent}]`;
      return;
    }
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && typeof v !== "function" && typeof v !== "symbol");
    if (entries.length === 0) {
      yield "{}";
      return;
    }
    yield "{";
    let first = true;
    for (const [k, v] of entries) {
      yield `${first ? "" : ","}\n${inner}${JSON.stringify(k)}: `;
      first = false;
      yield* jsonPieces(v, inner, depth - 1);
    }
    yield `\n${indent}}`;
    return;
  }
  const text = JSON.stringify(value, null, 2);
  yield indent === "" || !text.includes("\n") ? text : text.replace(/\n/g, `\n${indent}`);
}

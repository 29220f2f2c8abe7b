/**
 * Reading statistics back from plain JSON (shards, `gramscore stats` files): the checks every metric's
 * `parseStats` makes on integer counts and exact sums, with `INVALID_STATS` errors in the metric's
 * own words.
 */
import { ErrorCode, GramscoreError, describeValue } from "../errors.js";
import { exactValue, isExactSum } from "../exact-sum.js";

/**
 * The error for statistics that cannot be read: `INVALID_STATS`.
 * @param message What is wrong, and what was received.
 */
export function invalidStats(message: string): GramscoreError {
  return new GramscoreError(ErrorCode.INVALID_STATS, message);
}

/**
 * The statistics object itself: `value` when it is a plain object (not `null`, not an array).
 * @param metric The metric's display name (`TER`).
 * @param shape The fields, as the message shows them (`{ edits, refLength, nrefs }`).
 * @throws GramscoreError `INVALID_STATS`: `<metric> statistics must be an object <shape>, but got <value>.`
 */
export function statsObject(value: unknown, metric: string, shape: string): Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw invalidStats(`${metric} statistics must be an object ${shape}, but got ${describeValue(value)}.`);
  }
  return value as Record<string, unknown>;
}

/** True when `value` is a count: a safe integer, `min` (default 0) or more. */
export function isCount(value: unknown, min = 0): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= min;
}

/**
 * A count read from JSON ({@link isCount}).
 * @param message The message for anything else, given how the value reads (`describeValue`).
 * @throws GramscoreError `INVALID_STATS` with that message.
 */
export function readCount(value: unknown, message: (received: string) => string, min = 0): number {
  if (!isCount(value, min)) throw invalidStats(message(describeValue(value)));
  return value;
}

/** The messages of {@link readCounts}. */
export interface CountsMessages {
  /** For a value that is not an array of the expected length. */
  readonly shape: (received: string) => string;
  /** For an element that is not a count (its index and how it reads); `shape` when omitted. */
  readonly item?: (index: number, received: string) => string;
}

/**
 * An array of `length` counts read from JSON ({@link isCount} each), copied.
 * @param length The number of elements, or undefined for any length.
 * @throws GramscoreError `INVALID_STATS` with the message for what is wrong.
 */
export function readCounts(value: unknown, length: number | undefined, messages: CountsMessages, min = 0): number[] {
  if (!Array.isArray(value) || (length !== undefined && value.length !== length)) throw invalidStats(messages.shape(describeValue(value)));
  for (let i = 0; i < value.length; i++) {
    const x: unknown = value[i];
    if (!isCount(x, min)) throw invalidStats(messages.item === undefined ? messages.shape(describeValue(value)) : messages.item(i, describeValue(x)));
  }
  return (value as number[]).slice();
}

/**
 * The `nrefs` of statistics: references per segment, 0 for no segment, -1 when it varies.
 * @throws GramscoreError `INVALID_STATS`: `<metric> statistics need nrefs: the references per segment (0 for no segment, -1 when it varies), but got <value>.`
 */
export function readStatsNrefs(value: unknown, metric: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < -1) {
    throw invalidStats(`${metric} statistics need nrefs: the references per segment (0 for no segment, -1 when it varies), but got ${describeValue(value)}.`);
  }
  return value;
}

/**
 * A canonical exact sum read from JSON (see `isExactSum`: what merges in any order must hold),
 * optionally with its value within `[min, max]`; copied.
 * @throws GramscoreError `INVALID_STATS` with `message(how the value reads)`.
 */
export function readExactSum(value: unknown, message: (received: string) => string, min?: number, max?: number): number[] {
  if (!isExactSum(value) || (min !== undefined && exactValue(value) < min) || (max !== undefined && exactValue(value) > max)) {
    throw invalidStats(message(describeValue(value)));
  }
  return value.slice();
}

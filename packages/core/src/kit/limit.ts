/**
 * Process-wide size limits (most bytes, cells, words a metric may use before it refuses with
 * `LIMIT_EXCEEDED`): one shape for every `setXLimit` a package exports.
 */
import { ErrorCode, GramscoreError, describeValue } from "../errors.js";

/** How {@link defineLimit} checks a new value. */
export interface LimitCheck {
  /** The unit in messages, plural: `bytes`, `cells`, `32-bit words`. */
  readonly unit: string;
  /** Refuse integers past 2^53 (`Number.isSafeInteger`); default false (`Number.isInteger`). */
  readonly safe?: boolean;
}

/** A limit: its value now, and a setter that checks and returns the previous value. */
export interface Limit {
  /** The name in messages, e.g. `The TER cell limit`. */
  readonly name: string;
  /** The value in effect. */
  get(): number;
  /**
   * Sets the value (a whole number, 1 or more) and returns the previous one.
   * @throws GramscoreError `INVALID_OPTION`: `<name> is a whole number of <unit> (1 or more), but got <value>.`
   */
  set(value: number): number;
}

/**
 * Defines a process-wide limit starting at `initial`. A package keeps it in a module-level constant
 * and exports a thin setter (`setTerCellLimit = (cells) => cellLimit.set(cells)`); its checks read
 * `limit.get()`.
 * @param name The name in messages, e.g. `The NIST memory limit`.
 */
export function defineLimit(name: string, initial: number, check: LimitCheck): Limit {
  let value = initial;
  return {
    name,
    get: () => value,
    set(next: number): number {
      if (!(check.safe ? Number.isSafeInteger(next) : Number.isInteger(next)) || next < 1) {
        throw new GramscoreError(ErrorCode.INVALID_OPTION, `${name} is a whole number of ${check.unit} (1 or more), but got ${describeValue(next)}.`);
      }
      const previous = value;
      value = next;
      return previous;
    },
  };
}

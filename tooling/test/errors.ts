/**
 * What the tests of every package ask of a call that should fail: the code or the message of the
 * GramscoreError it throws.
 */
import { expect } from "vitest";
import { GramscoreError } from "@gramscore/core";

/**
 * The `code` of the GramscoreError `fn` throws, or undefined when it returns; any other error fails
 * the test.
 */
export function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(GramscoreError);
    return (error as GramscoreError).code;
  }
  return undefined;
}

/** The message of the error `fn` throws, or "" when it returns. */
export function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  return "";
}

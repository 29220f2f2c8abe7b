import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";

/**
 * Interns token strings as dense integer ids `0, 1, 2, …` in order of first appearance.
 *
 * Any string is a token, including the empty string and strings holding spaces, tabs, `|`,
 * `\u0000` or astral characters: tokens are compared as whole strings and never joined, so no
 * separator can make two different token sequences collide.
 *
 * Share one vocabulary between a hypothesis and its references (their ids must agree to match);
 * whether it lives for one segment or a whole corpus is the caller's choice.
 */
export class Vocabulary {
  readonly #ids = new Map<string, number>();
  readonly #tokens: string[] = [];

  /** Number of distinct tokens interned so far (ids are `0 … size - 1`). */
  get size(): number {
    return this.#tokens.length;
  }

  /** The id of `token`, interning it when it is new. */
  id(token: string): number {
    let id = this.#ids.get(token);
    if (id === undefined) {
      if (typeof token !== "string") {
        throw new GramscoreError(
          ErrorCode.INVALID_TYPE,
          `A token must be a string, but got ${describeValue(token)}. Tokenize the text into an array of strings first.`,
        );
      }
      id = this.#tokens.length;
      this.#ids.set(token, id);
      this.#tokens.push(token);
    }
    return id;
  }

  /** The id of `token` if it was interned, else `-1`; never interns. */
  get(token: string): number {
    return this.#ids.get(token) ?? -1;
  }

  /** True when `token` was interned. */
  has(token: string): boolean {
    return this.#ids.has(token);
  }

  /** The ids of `tokens`, interning new ones, as an `Int32Array` of the same length. */
  ids(tokens: readonly string[]): Int32Array {
    if (!Array.isArray(tokens)) {
      throw new GramscoreError(
        ErrorCode.INVALID_TYPE,
        `Vocabulary.ids expects an array of token strings, but got ${describeValue(tokens)}.`,
      );
    }
    const out = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) out[i] = this.id(tokens[i]!);
    return out;
  }

  /**
   * The token string of `id`.
   * @throws GramscoreError `INVALID_OPTION` when `id` was never handed out by this vocabulary.
   */
  token(id: number): string {
    const token = this.#tokens[id];
    if (token === undefined || !Number.isInteger(id)) {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `Expected a token id from 0 to ${this.#tokens.length - 1}, but got ${describeValue(id)}. ` +
          "Ids are only meaningful for the vocabulary that produced them.",
      );
    }
    return token;
  }

  /** The token strings of `ids` (the inverse of {@link Vocabulary.ids}). */
  tokens(ids: ArrayLike<number>): string[] {
    const out = new Array<string>(ids.length);
    for (let i = 0; i < ids.length; i++) out[i] = this.token(ids[i]!);
    return out;
  }

  /** Forgets every token; ids handed out before are no longer valid. */
  clear(): void {
    this.#ids.clear();
    this.#tokens.length = 0;
  }
}

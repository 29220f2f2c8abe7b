/**
 * The growable count arrays the parts of ROUGE's engine share within one segment. Each part leaves the
 * entries it used at 0, so one set serves every type of a segment without clearing.
 */
export class Scratch {
  /** The plain count array n-grams and skip-bigrams of local ids are counted in. */
  direct = new Int32Array(1024);
  /** Model and peer unigram counts by token id (union LCS, ROUGE-W). */
  countA = new Int32Array(1024);
  countB = new Int32Array(1024);
  /** The hit mask of one sentence (ROUGE-W). */
  mask = new Uint8Array(256);

  /** Makes {@link direct} hold at least `size` entries. */
  directSize(size: number): void {
    if (this.direct.length < size) {
      let m = this.direct.length;
      while (m < size) m *= 2;
      this.direct = new Int32Array(m);
    }
  }

  /** Makes {@link countA} and {@link countB} hold at least `size` entries (every token id handed out). */
  countSize(size: number): void {
    if (this.countA.length < size) {
      let n = this.countA.length;
      while (n < size) n *= 2;
      this.countA = new Int32Array(n);
      this.countB = new Int32Array(n);
    }
  }
}

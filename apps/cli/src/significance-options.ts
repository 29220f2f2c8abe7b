/** The significance options of `score` and `merge` (see significance.ts). */
import { type Command, InvalidArgumentError } from "commander";
import { SIGNIFICANCE_DEFAULTS } from "./significance.js";

function samples(flag: string): (value: string) => number {
  return (value: string) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) {
      throw new InvalidArgumentError(`${flag} takes a whole number of resamples or trials (1 or more).`);
    }
    return n;
  };
}

/** Adds --paired-bs, --paired-ar, --confidence, their sample counts, --paired-ar-ci, --baseline and --seed. */
export function significanceOptions(cmd: Command): Command {
  const d = SIGNIFICANCE_DEFAULTS;
  return cmd
    .option("--confidence", `bootstrap 95% confidence interval of each system (sacrebleu's --confidence)`)
    .option("--confidence-n <n>", `bootstrap resamples of --confidence (default ${d.confidence}, sacrebleu 2.6.0's)`, samples("--confidence-n"))
    .option("--paired-bs", "paired bootstrap resampling test of every system against the baseline (sacrebleu's --paired-bs)")
    .option("--paired-bs-n <n>", `resamples of --paired-bs (default ${d.bs}, sacrebleu 2.6.0's)`, samples("--paired-bs-n"))
    .option("--paired-ar", "paired approximate randomization test against the baseline (sacrebleu's --paired-ar)")
    .option("--paired-ar-n <n>", `trials of --paired-ar (default ${d.ar}, sacrebleu 2.6.0's)`, samples("--paired-ar-n"))
    .option("--paired-ar-ci [n]", `with --paired-ar: bootstrap means and 95% CIs too, from n resamples (default ${d.arCi}; sacrebleu's n_ar_confidence)`, samples("--paired-ar-ci"))
    .option("--baseline <system>", "the baseline system of a paired test (default: the first system)")
    .option("--seed <n|none>", "seed of the resampling (default: $SACREBLEU_SEED, else 12345; none: unseeded)");
}

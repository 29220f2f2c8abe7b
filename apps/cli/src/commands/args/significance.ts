/** The significance options of `score` and `merge` (see ../../run/significance.ts). */
import { type Command, InvalidArgumentError } from "commander";
import { SIGNIFICANCE_DEFAULTS } from "../../run/significance.js";

function samples(flag: string): (value: string) => number {
  return (value: string) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) {
      throw new InvalidArgumentError(`${flag} takes a whole number of resamples or trials (1 or more).`);
    }
    return n;
  };
}

/** Adds --paired-bs, --paired-ar, --confidence, their sample counts, --paired-ar-ci (and -n), --baseline and --seed. */
export function significanceOptions(cmd: Command): Command {
  const d = SIGNIFICANCE_DEFAULTS;
  return cmd
    .option("--confidence", `bootstrap 95% confidence interval of each system (sacrebleu's --confidence)`)
    .option("--confidence-n <n>", `bootstrap resamples of --confidence (default ${d.confidence}, sacrebleu 2.6.0's)`, samples("--confidence-n"))
    .option("--paired-bs", "paired bootstrap resampling test of every system against the baseline (sacrebleu's --paired-bs)")
    .option("--paired-bs-n <n>", `resamples of --paired-bs (default ${d.bs}, sacrebleu 2.6.0's)`, samples("--paired-bs-n"))
    .option("--paired-ar", "paired approximate randomization test against the baseline (sacrebleu's --paired-ar)")
    .option("--paired-ar-n <n>", `trials of --paired-ar (default ${d.ar}, sacrebleu 2.6.0's)`, samples("--paired-ar-n"))
    // A flag, not "[n]": an optional value would take the next word, so "--paired-ar-ci ref0.txt" lost
    // its reference file. The count has its own option, as every other count here.
    .option("--paired-ar-ci", `with --paired-ar: bootstrap means and 95% CIs too (${d.arCi} resamples; sacrebleu's n_ar_confidence)`)
    .option("--paired-ar-ci-n <n>", `resamples of --paired-ar-ci (default ${d.arCi}; implies --paired-ar-ci)`, samples("--paired-ar-ci-n"))
    .option("--baseline <system>", "the baseline system of a paired test (default: the first system)")
    .option("--seed <n|none>", "seed of the resampling (default: $SACREBLEU_SEED, else 12345; none: unseeded)");
}

/** Help text of the significance options (score and merge). */
export const SIGNIFICANCE_HELP =
  "\nConfidence intervals and paired tests (sacrebleu 2.6.0's procedures and numbers for the same seed): --confidence " +
  `(${SIGNIFICANCE_DEFAULTS.confidence} bootstrap resamples), --paired-bs (${SIGNIFICANCE_DEFAULTS.bs} resamples) or --paired-ar ` +
  `(${SIGNIFICANCE_DEFAULTS.ar} trials) against the first system or --baseline. The sample counts are sacrebleu 2.6.0's defaults, so the ` +
  "same command prints the same numbers. Seed: --seed, else $SACREBLEU_SEED, else 12345 (none: unseeded). -f text prints sacrebleu's layout.";

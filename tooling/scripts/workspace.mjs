// Reads the workspace's package manifests (packages/*, apps/*, examples/*).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Tiers of the architecture: a package may depend only on packages of a lower tier. */
export const TIERS = {
  "@gramscore/core": 0,
  "@gramscore/ngram": 1,
  "@gramscore/tokenizer-whitespace": 1,
  "@gramscore/tokenizer-punctuation": 1,
  "@gramscore/stemmer-porter": 1,
  "@gramscore/tokenizer-sacrebleu": 1,
  "@gramscore/tokenizer-subword": 1,
  "@gramscore/registry": 1,
  "@gramscore/significance": 1,
  "@gramscore/mbr": 1,
  "@gramscore/report": 1,
  "@gramscore/tokenizer-treebank": 1,
  "@gramscore/wordnet": 1,
  "@gramscore/dict-ipadic": 1,
  "@gramscore/tokenizer-sentencepiece": 1,
  "@gramscore/tokenizer-intl-words": 1,
  "@gramscore/metric-bleu": 2,
  "@gramscore/metric-rouge": 2,
  "@gramscore/metric-chrf": 2,
  "@gramscore/metric-ter": 2,
  "@gramscore/metric-wer": 2,
  "@gramscore/metric-gleu": 2,
  "@gramscore/metric-nist": 2,
  "@gramscore/metric-meteor": 2,
  "@gramscore/metric-squad": 2,
  "@gramscore/metric-diversity": 2,
  "@gramscore/metric-cider": 2,
  "@gramscore/metric-sari": 2,
  "@gramscore/metric-character": 2,
  "@gramscore/tokenizer-ja-mecab": 2,
  "@gramscore/normalizer-whisper": 2,
  "@gramscore/evaluate": 3,
  "@gramscore/scorers": 3,
  gramscore: 3,
};

/** The repository every public package's manifest names (url, homepage, bugs). */
export const REPOSITORY = "https://github.com/gramscore/gramscore";

/**
 * Licences that differ from the repository's Apache-2.0, by package: what the tarball holds besides
 * the project's own code (SPDX expressions).
 */
export const LICENSES = {
  "@gramscore/wordnet": "Apache-2.0 AND WordNet",
  "@gramscore/dict-ipadic": "Apache-2.0 AND LicenseRef-IPADIC",
  "@gramscore/normalizer-whisper": "Apache-2.0 AND MIT",
};

/** Every workspace package: { dir, manifest }. */
export function workspacePackages(root) {
  const out = [];
  for (const group of ["packages", "apps", "examples"]) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const file = join(base, name, "package.json");
      if (existsSync(file)) out.push({ dir: join(base, name), manifest: JSON.parse(readFileSync(file, "utf8")) });
    }
  }
  return out;
}

/** The packages that are published (not private). */
export function publicPackages(root) {
  return workspacePackages(root).filter((p) => !p.manifest.private);
}

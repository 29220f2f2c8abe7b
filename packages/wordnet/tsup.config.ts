import { copyFileSync } from "node:fs";

import { packageConfig } from "../../tooling/config/tsup.js";

// WordNet's licence travels with its data: the tarball holds `files: ["dist"]`, so the build puts a
// copy of LICENSE-WORDNET there (besides the licence comment that dist/index.js keeps).
export default packageConfig({
  onSuccess: async () => {
    copyFileSync("LICENSE-WORDNET", "dist/LICENSE-WORDNET");
  },
});

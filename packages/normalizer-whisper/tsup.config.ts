import { copyFileSync } from "node:fs";

import { packageConfig } from "../../tooling/config/tsup.js";

// Whisper's licence travels with its spelling map: the tarball holds `files: ["dist"]`, so the build
// puts a copy of LICENSE-WHISPER there.
export default packageConfig({
  onSuccess: async () => {
    copyFileSync("LICENSE-WHISPER", "dist/LICENSE-WHISPER");
  },
});

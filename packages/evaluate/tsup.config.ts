import { packageConfig } from "../../tooling/config/tsup.js";

// Two entries: the main one (every metric but METEOR's WordNet) and ./meteor (METEOR with WordNet's
// 5 MB of data), which the main entry also reaches through a dynamic import in loadAsync.
export default packageConfig({ entry: ["src/index.ts", "src/meteor.ts"] });

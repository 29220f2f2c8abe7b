import { packageConfig } from "../../tooling/config/tsup.js";

// Two entries: the main one, and lean (13a and none by name, for browser bundles).
export default packageConfig({ entry: ["src/index.ts", "src/lean.ts"] });

import { packageConfig } from "../../tooling/config/tsup.js";

export default packageConfig({ entry: ["src/index.ts"] });

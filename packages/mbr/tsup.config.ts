import { packageConfig } from "../../tooling/config/tsup.js";

// The main entry is platform-neutral; the node entry imports Node built-ins, which stay external.
export default packageConfig({ entry: ["src/index.ts", "src/node.ts"], external: [/^node:/] });

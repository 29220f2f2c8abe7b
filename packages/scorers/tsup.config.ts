import { packageConfig } from "../../tooling/config/tsup.js";

// Two entries: the scorers and matchers, and ./promptfoo, the module a promptfoo `javascript`
// assertion names in one line of promptfooconfig.yaml.
export default packageConfig({ entry: ["src/index.ts", "src/promptfoo.ts"] });

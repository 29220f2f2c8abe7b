import { packageConfig } from "../../tooling/config/tsup.js";

export default packageConfig({
  entry: ["src/index.ts", "src/tiktoken.ts", "src/huggingface.ts", "src/sentencepiece.ts"],
});

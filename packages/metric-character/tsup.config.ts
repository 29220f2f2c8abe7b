import { packageConfig } from "../../tooling/config/tsup.js";

export default packageConfig();

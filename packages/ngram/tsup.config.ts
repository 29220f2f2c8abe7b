import { packageConfig } from "../../tooling/config/tsup.js";

// Members marked @internal (the table's typed arrays, shared by the counting functions) stay out
// of the published declarations.
export default packageConfig({ dts: { compilerOptions: { stripInternal: true } } });

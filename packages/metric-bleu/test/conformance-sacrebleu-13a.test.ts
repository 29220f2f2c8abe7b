// sacrebleu conformance, 13a passes (see sacrebleu-conformance.ts).
import { defineSacrebleuConformance } from "./sacrebleu-conformance.js";

defineSacrebleuConformance(["13a", "13a, order 6"]);

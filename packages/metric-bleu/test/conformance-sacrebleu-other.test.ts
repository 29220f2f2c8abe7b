// sacrebleu conformance, the other tokenizers and lowercasing (see sacrebleu-conformance.ts).
import { defineSacrebleuConformance } from "./sacrebleu-conformance.js";

defineSacrebleuConformance(["13a lowercase", "intl", "char", "none", "zh"]);

// @gramscore/metric-squad: SQuAD v1.1 and v2.0 throughput on the package's golden data (SQuAD 1.1 dev,
// 4 systems x 238 questions; SQuAD 2.0 dev, 500 questions with null log-odds), repeated 20 times,
// beside HF evaluate's squad and squad_v2 on the same questions (references.mjs, "hf-squad", "hf-squad-v2").
import { readFileSync } from "node:fs";
import { squad, squadV2 } from "@gramscore/metric-squad";

const REPEAT = 20;

export default async function () {
  const real = JSON.parse(readFileSync(new URL("../../../packages/metric-squad/test/data/squad-real.json", import.meta.url), "utf8"));
  const streams = (refs) => {
    const width = Math.max(...refs.map((r) => r.answers.length));
    return Array.from({ length: width }, (_, k) => refs.map((r) => r.answers[k] ?? null));
  };
  const rep = (xs) => Array.from({ length: REPEAT }, () => xs).flat();
  const refs1 = streams(rep(real.v1.references));
  const systems = Object.values(real.v1.systems).map(rep);
  const refs2 = streams(rep(real.v2.references));
  const preds2 = rep(real.v2.predictions);
  const probs2 = rep(real.v2.noAnswerProbabilities).map((p) => Math.fround(p));
  const bytesOf = (xs) => xs.reduce((n, t) => n + Buffer.byteLength(t), 0);
  let sink = 0;
  return [
    {
      name: "squad: squad(predictions, answers), 4 systems",
      input: "squad-1.1-dev-238x20",
      items: systems.length * systems[0].length,
      bytes: systems.reduce((n, s) => n + bytesOf(s), 0),
      versus: "hf-squad",
      fn: () => {
        for (const s of systems) sink += squad(s, refs1).f1;
      },
    },
    {
      name: "squad_v2: squadV2(predictions, answers, probabilities), every key",
      input: "squad-2.0-dev-500x20",
      items: preds2.length,
      bytes: bytesOf(preds2),
      versus: "hf-squad-v2",
      fn: () => {
        sink += squadV2(preds2, refs2, { noAnswerProbabilities: probs2 }).bestF1;
      },
    },
  ];
}

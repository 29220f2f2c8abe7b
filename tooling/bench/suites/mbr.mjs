// Pairwise score matrices and MBR (@gramscore/mbr, the metrics' pairwise capability): a 1024 × 1024
// chrF matrix and a 1024 × 1024 sentence-BLEU matrix of 1,024 distinct WMT17 en-de German references
// (every one against every one), on one thread and on 2 worker threads, and reference aggregation
// (Vamvas & Sennrich 2024) for N = 1024. The published anchors are printed beside them.
import { pairwiseBleu, aggregateBleu } from "@gramscore/metric-bleu";
import { aggregateChrf, pairwiseChrf } from "@gramscore/metric-chrf";
import { pairwiseParallel } from "@gramscore/mbr/node";
import { fileURLToPath } from "node:url";
import { dataset } from "../inputs.mjs";

const N = 1024;

export default async function () {
  const seen = new Set();
  for (const r of dataset("mt_wmt17_newstest2017_en-de")) {
    seen.add(r.refs[0]);
    if (seen.size === N) break;
  }
  const xs = [...seen];
  const chrfModule = fileURLToPath(import.meta.resolve("@gramscore/metric-chrf"));
  const bleuModule = fileURLToPath(import.meta.resolve("@gramscore/metric-bleu"));
  console.log(
    `mbr: ${N} distinct WMT17 en-de German references, ${(xs.reduce((a, s) => a + s.length, 0) / N).toFixed(0)} characters on average. ` +
      "Published anchors (not measured here): sacrebleu chrF 1024×1024 matrix 384 s; fastChrF (Rust) 32 s on 64 cores; " +
      "fastChrF reference aggregation N=1024 0.15 s (fastChrF README: medium-size German sentences, batch size 1).",
  );
  let sink = 0;
  const input = "mt_wmt17_newstest2017_en-de (1,024 refs)";
  return [
    {
      name: "mbr: chrF 1024×1024 matrix, 1 thread",
      input,
      items: 1,
      samples: 3,
      target: 1 / 5, // < 5 s (sacrebleu 384 s, fastChrF 32 s on 64 cores)
      fn: () => {
        sink += pairwiseChrf(xs, xs)[1];
      },
    },
    {
      name: "mbr: chrF 1024×1024 matrix, jobs 2",
      input,
      items: 1,
      samples: 3,
      wallOnly: true,
      speedupOver: "mbr: chrF 1024×1024 matrix, 1 thread",
      fn: async () => {
        sink += (await pairwiseParallel({ module: chrfModule, metric: "chrf" }, xs, xs, { jobs: 2 }))[1];
      },
    },
    {
      name: "mbr: sentence-BLEU 1024×1024 matrix, 1 thread",
      input,
      items: 1,
      samples: 3,
      fn: () => {
        sink += pairwiseBleu(xs, xs)[1];
      },
    },
    {
      name: "mbr: sentence-BLEU 1024×1024 matrix, jobs 2",
      input,
      items: 1,
      samples: 3,
      wallOnly: true,
      speedupOver: "mbr: sentence-BLEU 1024×1024 matrix, 1 thread",
      fn: async () => {
        sink += (await pairwiseParallel({ module: bleuModule, metric: "bleu", options: { effectiveOrder: true } }, xs, xs, { jobs: 2 }))[1];
      },
    },
    {
      name: "mbr: chrF reference aggregation, N=1024",
      input,
      items: 1,
      samples: 9,
      target: 1000 / 50, // < 50 ms (fastChrF 0.15 s)
      fn: () => {
        sink += aggregateChrf(xs, xs)[1];
      },
    },
    {
      name: "mbr: BLEU reference aggregation, N=1024",
      input,
      items: 1,
      samples: 9,
      fn: () => {
        sink += aggregateBleu(xs, xs)[1];
        if (sink === -1) console.log(sink);
      },
    },
  ];
}

// @gramscore/normalizer-whisper: Whisper's basic and English normalizers over every distinct
// hypothesis and reference of SummEval (2,646 English strings), and WER after the English one,
// beside whisper v20250625's Python normalizers on the same strings (references.mjs, "whisper-basic-summeval",
// "whisper-en-summeval").
import { wer } from "@gramscore/metric-wer";
import { basicNormalize, englishNormalize, whisperEnglish } from "@gramscore/normalizer-whisper";
import { dataset } from "../inputs.mjs";

export default async function () {
  const records = dataset("sum_summeval");
  const strings = [...new Set(records.flatMap((r) => [r.hyp, ...r.refs]))];
  const bytes = strings.reduce((n, s) => n + Buffer.byteLength(s), 0);
  const hyps = records.map((r) => r.hyp);
  const refs = records.map((r) => r.refs[0]);
  let sink = 0;
  const input = "sum_summeval";
  return [
    {
      name: "normalizer-whisper: BasicTextNormalizer() on every distinct string",
      input,
      items: strings.length,
      bytes,
      versus: "whisper-basic-summeval",
      fn: () => {
        for (const s of strings) sink += basicNormalize(s).length;
      },
    },
    {
      name: "normalizer-whisper: EnglishTextNormalizer() on every distinct string",
      input,
      items: strings.length,
      bytes,
      versus: "whisper-en-summeval",
      fn: () => {
        for (const s of strings) sink += englishNormalize(s).length;
      },
    },
    {
      name: "normalizer-whisper: wer({ normalize: whisperEnglish }), 1,600 segments",
      input,
      items: records.length,
      fn: () => {
        sink += wer(hyps, [refs], { normalize: whisperEnglish }).score;
      },
    },
  ];
}

import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import { createSquad, createSquadV2 } from "@gramscore/metric-squad";
import type { SquadStats, SquadV2Stats } from "@gramscore/metric-squad";
import { defineModule } from "./module.js";
import type { EvaluationModule, SquadOutput, SquadV2Output } from "./types.js";

function bad(metric: string, message: string, details: Record<string, unknown>): GramscoreError {
  return new GramscoreError(ErrorCode.INVALID_TYPE, `${metric}: ${message}`, { details });
}

function records(metric: string, value: unknown, argument: string, shape: string): Record<string, unknown>[] {
  if (!Array.isArray(value)) throw bad(metric, `${argument} must be a list of dictionaries ${shape}, but got ${describeValue(value)}.`, { argument });
  value.forEach((r, i) => {
    if (r === null || typeof r !== "object" || Array.isArray(r)) {
      throw bad(metric, `${argument}[${i}] must be a dictionary ${shape}, but got ${describeValue(r)}.`, { argument, index: i });
    }
  });
  return value as Record<string, unknown>[];
}

function text(metric: string, r: Record<string, unknown>, key: string, where: string): string {
  const v = r[key];
  if (typeof v !== "string") throw bad(metric, `${where}.${key} must be a string, but got ${describeValue(v)}.`, { argument: where, key });
  return v;
}

/** `answers` as HF's features hold it: `{ text: [...], answer_start: [...] }` (or a list of `{ text }`). */
function answerTexts(metric: string, r: Record<string, unknown>, where: string): string[] {
  const a = r.answers;
  const list = Array.isArray(a) ? a.map((x) => (x !== null && typeof x === "object" ? (x as { text?: unknown }).text : x)) : a !== null && typeof a === "object" ? (a as { text?: unknown }).text : undefined;
  if (!Array.isArray(list) || list.some((t) => typeof t !== "string")) {
    throw bad(metric, `${where}.answers must be { text: [strings], answer_start: [ints] } (the SQuAD format), but got ${describeValue(a)}.`, { argument: where });
  }
  return list as string[];
}

function checkLengths(metric: string, predictions: unknown[], references: unknown[]): void {
  if (predictions.length !== references.length) {
    throw new GramscoreError(
      ErrorCode.LENGTH_MISMATCH,
      `${metric}: there are ${predictions.length} predictions but ${references.length} references; HF evaluate stores them as two columns of one table, so the counts must agree.`,
      { details: { predictions: predictions.length, references: references.length } },
    );
  }
  if (predictions.length === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, `${metric}: predictions and references are empty; pass at least one question (HF divides by zero).`);
  }
}

const PRED_V1 = "{ id, prediction_text }";
const PRED_V2 = "{ id, prediction_text, no_answer_probability }";
const REF = "{ id, answers: { text, answer_start } }";

/**
 * HF `squad`: the official v1.1 script as HF runs it. Predictions are looked up by id (the last of
 * repeated ids wins); every reference counts, one without prediction scores 0.
 */
export function squadModule(): EvaluationModule<"squad"> {
  return defineModule({
    name: "squad",
    description: "SQuAD v1.1 exact match and F1, identical to HF evaluate's squad (the official v1.1 script), 0-100",
    references: "records",
    args: [],
    run() {
      throw new Error("squad reads records");
    },
    runRecords(predictions, references): SquadOutput {
      const preds = records("squad", predictions, "predictions", PRED_V1);
      const refs = records("squad", references, "references", REF);
      checkLengths("squad", preds, refs);
      const byId = new Map<string, string>();
      preds.forEach((p, i) => byId.set(text("squad", p, "id", `predictions[${i}]`), text("squad", p, "prediction_text", `predictions[${i}]`)));
      const m = createSquad();
      let stats: SquadStats = m.empty();
      refs.forEach((r, i) => {
        const id = text("squad", r, "id", `references[${i}]`);
        const answers = answerTexts("squad", r, `references[${i}]`);
        const hyp = byId.get(id);
        if (hyp === undefined) {
          stats = m.merge(stats, m.unanswered());
          return;
        }
        if (answers.length === 0) {
          throw new GramscoreError(
            ErrorCode.EMPTY_INPUT,
            `squad: references[${i}] (id ${JSON.stringify(id)}) has no answer; HF's squad raises "max() arg is an empty sequence". Use squad_v2 for unanswerable questions.`,
            { details: { index: i } },
          );
        }
        stats = m.merge(stats, m.stats(hyp, answers));
      });
      const r = m.score(stats, "corpus");
      return { exact_match: r.exactMatch, f1: r.f1 };
    },
  });
}

/**
 * HF `squad_v2`: the official v2.0 script as HF runs it, with `no_answer_probability` in float32 (HF's
 * feature type). Repeated ids keep their first position and their last value, as Python dictionaries.
 */
export function squadV2Module(): EvaluationModule<"squad_v2"> {
  return defineModule({
    name: "squad_v2",
    description: "SQuAD v2.0 exact match, F1, HasAns/NoAns splits and best thresholds, identical to HF evaluate's squad_v2, 0-100",
    references: "records",
    args: [{ name: "no_answer_threshold", default: 1.0, type: { kind: "number" } }],
    run() {
      throw new Error("squad_v2 reads records");
    },
    runRecords(predictions, references, o): SquadV2Output {
      const preds = records("squad_v2", predictions, "predictions", PRED_V2);
      const refs = records("squad_v2", references, "references", REF);
      checkLengths("squad_v2", preds, refs);
      const byId = new Map<string, { text: string; p: number }>();
      preds.forEach((p, i) => {
        const where = `predictions[${i}]`;
        const prob = p.no_answer_probability;
        if (typeof prob !== "number" || Number.isNaN(prob)) {
          throw bad("squad_v2", `${where}.no_answer_probability must be a number, but got ${describeValue(prob)}.`, { argument: "predictions", index: i });
        }
        byId.set(text("squad_v2", p, "id", where), { text: text("squad_v2", p, "prediction_text", where), p: Math.fround(prob) });
      });
      const answersById = new Map<string, string[]>();
      refs.forEach((r, i) => answersById.set(text("squad_v2", r, "id", `references[${i}]`), answerTexts("squad_v2", r, `references[${i}]`)));
      for (const id of answersById.keys()) {
        if (!byId.has(id)) {
          throw new GramscoreError(
            ErrorCode.EMPTY_INPUT,
            `squad_v2: the reference ${JSON.stringify(id)} has no prediction (HF's squad_v2 raises KeyError). Give every question a prediction ("" for no answer).`,
            { details: { id } },
          );
        }
      }
      const m = createSquadV2({ noAnswerThreshold: o.no_answer_threshold as number });
      // The official script sorts the questions by probability in the order of its probability dictionary: the predictions'.
      const questions: { hyp: string; refs: string[]; question: { noAnswerProbability: number; hasAnswer: boolean } }[] = [];
      for (const [id, pred] of byId) {
        const answers = answersById.get(id);
        if (answers !== undefined) questions.push({ hyp: pred.text, refs: answers, question: { noAnswerProbability: pred.p, hasAnswer: answers.length > 0 } });
      }
      const stats: SquadV2Stats = m.corpusQuestionStats(questions);
      const r = m.score(stats, "corpus");
      const out: Record<string, number> = { exact: r.exact, f1: r.f1, total: r.total };
      if (r.hasAns !== undefined) Object.assign(out, { HasAns_exact: r.hasAns.exact, HasAns_f1: r.hasAns.f1, HasAns_total: r.hasAns.total });
      if (r.noAns !== undefined) Object.assign(out, { NoAns_exact: r.noAns.exact, NoAns_f1: r.noAns.f1, NoAns_total: r.noAns.total });
      return Object.assign(out, { best_exact: r.bestExact, best_exact_thresh: r.bestExactThresh, best_f1: r.bestF1, best_f1_thresh: r.bestF1Thresh }) as unknown as SquadV2Output;
    },
  });
}

/**
 * `--help` shows each metric's own defaults, from its OptionSpecs: for every metric and every option
 * it declares, the default that `score -m <metric> --help` (and `score --help`, every metric at once)
 * shows is the one the metric really uses: the metric created with that value has the same signature
 * and the same scores as the metric created with no options.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { MetricDescriptor, OptionSpec } from "@gramscore/core";
import { cliHint, createCliRegistry } from "gramscore";
import { data, inProcess } from "./helpers.js";

interface HelpEntry {
  readonly flag: string;
  readonly owners: readonly string[];
  readonly description: string;
}

/** The flags of the metric option groups of a help text, with their owners and whole descriptions. */
function parseHelp(text: string): HelpEntry[] {
  const entries: { flag: string; owners: string[]; parts: string[] }[] = [];
  let owners: string[] | undefined;
  for (const line of text.split("\n")) {
    const group = /^Options of metrics? (.+):$/.exec(line);
    if (group !== null) {
      owners = group[1]!.split(", ");
      continue;
    }
    if (/^\S/.test(line) || line.trim() === "") {
      if (!/^\s/.test(line) && line.trim() !== "") owners = undefined;
      continue;
    }
    const start = /^ {2}(?:-\w, )?--([\w-]+)(?: <\w+>)?\s+(.*)$/.exec(line);
    if (start !== null && owners !== undefined) entries.push({ flag: start[1]!, owners, parts: [start[2]!] });
    else if (start === null && entries.length > 0) entries.at(-1)!.parts.push(line.trim());
  }
  return entries.map((e) => ({ flag: e.flag, owners: e.owners, description: e.parts.join(" ") }));
}

/** The default a help description shows for `owner`: `(default: X)` or `(default: X for a, b; Y for c)`. */
function shownDefault(description: string, owner: string): string | undefined {
  // The last "(default: ...)": a description may say "(default: ...)" in its own words before it.
  const m = /\(default: ((?:(?!\(default: ).)*)\)(?: \[comma-separated\])?$/.exec(description);
  if (m === null) return undefined;
  const text = m[1]!;
  if (!/ for [^;]+(;|$)/.test(text)) return text;
  for (const part of text.split("; ")) {
    const [value, who] = part.split(" for ") as [string, string];
    if (who.split(", ").includes(owner)) return value === "none set" ? undefined : value;
  }
  return undefined;
}

/** The shown text as an option value of the spec's type. */
function parseValue(spec: OptionSpec, text: string): unknown {
  const t = text === '""' ? "" : text;
  switch (spec.type) {
    case "number":
      return Number(t);
    case "boolean":
      return t === "true";
    case "list":
      return t === "" ? [] : t.split(",");
    default:
      return t;
  }
}

const HYPS = ["the cat sat on the mat", "It is raining heavily in the city today .", "a b c d e f"];
const REFS = ["the cat is sitting on the mat", "It rains heavily in the city today .", "a b c x e f g"];
/** Sources, for the metrics that compare with them (SARI); the others ignore them. */
const SRCS = ["the cat was sitting on the mat", "It is raining heavily in the city today .", "a b c d x e f"];

/** Signature and corpus result of `descriptor` created with `options`. */
async function behaviour(descriptor: MetricDescriptor, options: Record<string, unknown>): Promise<{ signature: string; result: unknown }> {
  const metric = descriptor.create(options) as {
    ready?: Promise<unknown>;
    empty(): unknown;
    stats(h: string, r: readonly string[], src?: string): unknown;
    merge(a: unknown, b: unknown): unknown;
    score(s: unknown, level: "corpus"): unknown;
    signature(): string;
  };
  await metric.ready;
  let total = metric.empty();
  HYPS.forEach((h, i) => (total = metric.merge(total, metric.stats(h, [REFS[i]!], SRCS[i]!))));
  return { signature: metric.signature(), result: metric.score(total, "corpus") };
}

let descriptors: MetricDescriptor[] = [];

beforeAll(async () => {
  const { registry } = await createCliRegistry({ cwd: data, plugins: [] });
  await registry.loadAll();
  descriptors = registry.list("metric").map((e) => e.descriptor);
});

/** The help entry of `spec` of metric `owner` among `entries`: `--flag`, or `--owner-flag` when the command has --flag. */
function entryOf(entries: readonly HelpEntry[], owner: string, spec: OptionSpec): HelpEntry | undefined {
  const scoped = spec.flag.startsWith(`${owner}-`) ? spec.flag : `${owner}-${spec.flag}`;
  return entries.find((e) => e.owners.includes(owner) && (e.flag === spec.flag || e.flag === scoped));
}

async function checkDefaults(entries: readonly HelpEntry[], d: MetricDescriptor, where: string): Promise<number> {
  const base = await behaviour(d, {});
  let compared = 0;
  for (const spec of d.options ?? []) {
    const entry = entryOf(entries, d.name, spec);
    expect(entry, `${where}: ${d.name}'s --${spec.flag} is in the help`).toBeDefined();
    const shown = shownDefault(entry!.description, d.name);
    if (shown === undefined) {
      expect(spec.default, `${where}: ${d.name}'s --${spec.flag} shows no default`).toBeUndefined();
      continue;
    }
    const value = parseValue(spec, shown);
    let withShown: Awaited<ReturnType<typeof behaviour>>;
    let without = base;
    try {
      withShown = await behaviour(d, { [spec.key]: value });
    } catch (error) {
      // An option that needs another one on (ROUGE's bootstrapSamples needs bootstrap: true): both
      // sides get that one, so the shown default is still what is compared.
      const needs = /set (\w+): true too/.exec((error as Error).message);
      if (needs === null) throw error;
      without = await behaviour(d, { [needs[1]!]: true });
      withShown = await behaviour(d, { [needs[1]!]: true, [spec.key]: value });
    }
    expect(withShown, `${where}: ${d.name} --${entry!.flag} ${shown} (the default the help shows) behaves as ${d.name} without options`).toEqual(without);
    compared++;
  }
  return compared;
}

describe("--help shows each metric's own defaults", () => {
  it("score -m <metric> --help, for every metric: each flag's shown default is the metric's default (same signature, same scores)", async () => {
    expect(descriptors.length).toBeGreaterThanOrEqual(10);
    let compared = 0;
    for (const d of descriptors) {
      const r = await inProcess(["score", "-m", d.name, "--help"]);
      expect(r.code, r.stderr).toBe(0);
      compared += await checkDefaults(parseHelp(r.stdout), d, `score -m ${d.name} --help`);
    }
    expect(compared).toBeGreaterThanOrEqual(40);
  });

  it("score --help (every metric, shared flags): each metric's default is named, as GLEU's tok:none beside BLEU's 13a", async () => {
    const r = await inProcess(["score", "--help"]);
    expect(r.code, r.stderr).toBe(0);
    const entries = parseHelp(r.stdout);
    for (const d of descriptors) await checkDefaults(entries, d, "score --help");
    const tokenize = entries.find((e) => e.flag === "tokenize")!;
    expect(shownDefault(tokenize.description, "bleu")).toBe("13a");
    expect(tokenize.description).not.toContain("none set");
    expect(["gleu", "nist", "meteor", "google_bleu"].map((m) => shownDefault(tokenize.description, m))).toEqual(["whitespace", "whitespace", "whitespace", "13a"]);
    const alpha = entries.find((e) => e.flag === "alpha")!;
    expect(shownDefault(alpha.description, "meteor")).toBe("0.9");
  });

  it("one meaning per flag: --confidence is sacrebleu's interval in score; ROUGE's level is --bootstrap-confidence everywhere", async () => {
    const score = parseHelp((await inProcess(["score", "-m", "rouge", "--help"])).stdout);
    const stats = parseHelp((await inProcess(["stats", "-m", "rouge", "--help"])).stdout);
    for (const entries of [score, stats]) {
      expect(entries.find((e) => e.flag === "bootstrap-confidence")?.owners).toEqual(["rouge"]);
      expect(entries.some((e) => e.flag === "confidence" || e.flag === "rouge-confidence")).toBe(false);
    }
    const old = await inProcess(["stats", "-m", "rouge", "--confidence", "0.9", "refA.txt", "-i", "sysA.txt"]);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain("The flag is now --bootstrap-confidence");
    const renamed = await inProcess(["score", "-m", "rouge", "--rouge-confidence", "0.9", "refA.txt", "-i", "sysA.txt"]);
    expect(renamed.code).toBe(2);
    expect(renamed.stderr).toContain("The flag is now --rouge-bootstrap-confidence");
  });
});

describe("did you mean", () => {
  it("-m blue: did you mean bleu, with no install command for a package that does not exist", async () => {
    const r = await inProcess(["score", "-m", "blue", "refA.txt", "-i", "sysA.txt"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Unknown metric "blue". Did you mean "bleu"?');
    expect(r.stderr).not.toContain("npm install");
  });

  it("a tokenizer typo (-t 13b, --tokenize 13b) is answered with 13a; a flag typo with the flag, without a guess about metrics", async () => {
    const tok = await inProcess(["tokenize", "-t", "13b"], { stdin: "a b\n" });
    expect(tok.code).toBe(2);
    expect(tok.stderr).toContain('Did you mean "13a"?');
    expect(tok.stderr).not.toContain("npm install");
    const flag = await inProcess(["score", "-m", "bleu", "--smooth-methd", "floor", "refA.txt", "-i", "sysA.txt"]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("Did you mean --smooth-method?");
    expect(flag.stderr).not.toContain("If smooth is a metric");
  });

  it("the install command only for a name of a real gramscore package that is not installed", () => {
    const known = [{ name: "@gramscore/metric-meteor", provides: { metrics: ["meteor", "meteor-hf"] } }];
    expect(cliHint("metric", "meteor-hf", [], known)).toContain("comes from @gramscore/metric-meteor, which is not installed: install it where gramscore is installed (npm install @gramscore/metric-meteor;");
    expect(cliHint("metric", "meteorr", ["meteor"], known)).not.toContain("npm install");
    expect(cliHint("tokenizer", "meteor", [], known)).not.toContain("@gramscore/metric-meteor");
  });

  it("a name far from every known one gets the plugin hint without an invented package name", async () => {
    const r = await inProcess(["score", "-m", "zzyzx", "refA.txt", "-i", "sysA.txt"]);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain("Did you mean");
    expect(r.stderr).toContain("load it with --plugin <package>");
    expect(r.stderr).not.toContain("@gramscore/metric-zzyzx");
  });
});

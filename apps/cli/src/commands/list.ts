/** `gramscore list`: the installed and loaded tokenizers, metrics, normalizers and plugins. */
import { Option, type Command } from "commander";
import type { OptionSpec, TokenizerNeeds } from "@gramscore/core";
import { colors, useColor } from "../shared/io.js";
import { writeStdout } from "../output/write.js";
import { VERSION } from "../shared/version.js";
import { globals, warnUnavailable } from "./common.js";
import { bind, type CommandModule, type Context } from "./kit.js";

function optionLine(spec: OptionSpec): string {
  const arg = spec.type === "boolean" ? "" : spec.type === "number" ? " <number>" : spec.type === "list" ? " <items>" : " <value>";
  const extra = [
    spec.choices !== undefined && spec.choices.length > 0 ? `choices: ${spec.choices.join(", ")}` : undefined,
    spec.default !== undefined ? `default: ${Array.isArray(spec.default) ? spec.default.join(",") : String(spec.default)}` : undefined,
  ].filter((x) => x !== undefined);
  return `--${spec.flag}${arg}  ${spec.description}${extra.length > 0 ? ` (${extra.join("; ")})` : ""}`;
}

/** What a tokenizer needs (a model file, a data package), or the error raised while checking. */
function needsOf(needs: () => TokenizerNeeds): TokenizerNeeds | { error: string } {
  try {
    return needs();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function needsLine(n: TokenizerNeeds | { error: string }, c: ReturnType<typeof colors>): string {
  if ("error" in n) return c.dim(`needs: cannot tell (${n.error})`);
  const what = n.kind === "model-file" ? `model file ${n.name}` : `data package ${n.name}`;
  if (n.found) return `needs ${what}: found${n.location !== undefined ? ` at ${n.location}` : ""}${n.sha256 !== undefined ? ` (sha256 ${n.sha256})` : ""}`;
  return `needs ${what}: ${c.yellow("not found")}${n.location !== undefined ? ` at ${n.location}` : ""}${n.source !== undefined ? `; get it from ${n.source}` : ""}`;
}

/** `gramscore list`. */
async function action(ctx: Context, flags: { format?: "text" | "table" | "json" }, cmd: Command) {
  await ctx.registry.loadAll();
  warnUnavailable(ctx, cmd);
  const metrics = ctx.registry.list("metric");
  const tokenizers = ctx.registry.list("tokenizer");
  const normalizers = ctx.registry.normalizers();
  const unavailable = ctx.registry.unavailable();
  if (flags.format === "json") {
    const entry = (e: (typeof metrics)[number] | (typeof tokenizers)[number]) => ({
      name: e.name,
      aliases: e.descriptor.aliases ?? [],
      description: e.descriptor.description ?? "",
      plugin: e.plugin,
      builtin: e.lazy,
      options: e.descriptor.options ?? [],
      ...("needs" in e.descriptor && typeof e.descriptor.needs === "function" ? { needs: needsOf(e.descriptor.needs) } : {}),
    });
    const doc = {
      gramscore: VERSION,
      metrics: metrics.map(entry),
      tokenizers: tokenizers.map(entry),
      normalizers: normalizers.map((n) => ({ name: n.name, signature: n.normalizer.signature, plugin: n.plugin, builtin: n.lazy })),
      plugins: ctx.registry.plugins().map((p) => ({
        name: p.name,
        version: p.version ?? null,
        builtin: p.lazy,
        tokenizers: p.tokenizers,
        metrics: p.metrics,
        ...(p.normalizers !== undefined ? { normalizers: p.normalizers } : {}),
      })),
      unavailable: unavailable.map((u) => ({ name: u.name, reason: u.reason, message: u.error instanceof Error ? u.error.message : String(u.error) })),
    };
    await writeStdout(ctx.io.stdout, `${JSON.stringify(doc, null, 2)}\n`);
    return;
  }
  const c = colors(useColor(ctx.io.stdout, ctx.io.env, globals(cmd).color !== false));
  const out: string[] = [];
  const section = (title: string, entries: typeof metrics | typeof tokenizers) => {
    out.push(c.bold(title));
    if (entries.length === 0) out.push(c.dim("  (none)"));
    for (const e of entries) {
      const aliases = e.descriptor.aliases !== undefined && e.descriptor.aliases.length > 0 ? c.dim(` (${e.descriptor.aliases.join(", ")})`) : "";
      out.push(`  ${c.cyan(e.name)}${aliases}  ${e.descriptor.description ?? ""}  ${c.dim(`[${e.plugin}]`)}`);
      for (const spec of e.descriptor.options ?? []) out.push(`      ${optionLine(spec)}`);
      if ("needs" in e.descriptor && typeof e.descriptor.needs === "function") out.push(`      ${needsLine(needsOf(e.descriptor.needs), c)}`);
    }
    out.push("");
  };
  section("Metrics", metrics);
  section("Tokenizers", tokenizers);
  // Normalizers: what a metric's --normalize names (WER, CER, MER, WIL, WIP, BLEU, ROUGE).
  out.push(c.bold("Normalizers"));
  if (normalizers.length === 0) out.push(c.dim("  (none)"));
  for (const n of normalizers) out.push(`  ${c.cyan(n.name)}  ${c.dim(`[${n.plugin}]`)}`);
  out.push("");
  out.push(c.bold("Plugins"));
  for (const p of ctx.registry.plugins()) out.push(`  ${p.name}${p.version !== undefined ? ` ${p.version}` : ""}${p.lazy ? c.dim(" (built-in)") : ""}`);
  for (const s of ctx.registry.shadowed()) out.push(c.dim(`  ${s.kind} "${s.name}" of ${s.plugin} is replaced by ${s.by}`));
  if (unavailable.length > 0) {
    out.push("", c.bold("Not available"));
    const why = { "not-installed": "not installed", "no-plugin": "exports no plugin yet", failed: "failed to load" } as const;
    for (const u of unavailable) {
      const message = (u.error instanceof Error ? u.error.message : String(u.error)).split("\n")[0]!;
      out.push(`  ${u.name}  ${why[u.reason]}${c.dim(`: ${message}`)}`);
    }
  }
  await writeStdout(ctx.io.stdout, `${out.join("\n")}\n`);
}

/** The `list` command. */
export const command: CommandModule = {
  define(program, ctx) {
    return program
      .command("list")
      .summary("list the installed and loaded tokenizers, metrics and normalizers")
      .addOption(new Option("-f, --format <format>", "output format (table is the same as text)").choices(["text", "table", "json"]))
      .action(bind(ctx, action));
  },
};

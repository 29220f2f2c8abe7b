/** `gramscore tokenize`: prints the tokens of each input line. */
import { Option, type Command } from "commander";
import { checkedTokenizer } from "@gramscore/core";
import { usageError, withLocation } from "../shared/errors.js";
import { readTextLines } from "../input/read.js";
import { writeStdout } from "../output/write.js";
import { collectSpecOptions } from "./args/spec-options.js";
import { warnUnavailable } from "./common.js";
import { bind, type CommandModule, type Context } from "./kit.js";

/** `gramscore tokenize`. */
async function action(ctx: Context, files: string[], flags: { tokenizer: string; format?: "text" | "json"; keepWhitespace?: boolean }, cmd: Command) {
  const descriptor = await ctx.registry.ensure("tokenizer", flags.tokenizer);
  const options = collectSpecOptions(cmd, ctx.tokenizerBindings).get(descriptor.name) ?? {};
  // Checked as the metrics check a plugin's tokenizer: an array of strings per line, or a clear error.
  const plugin = ctx.registry.list("tokenizer").find((e) => e.descriptor === descriptor)?.plugin;
  const tokenizer = checkedTokenizer(await ctx.registry.createAsync("tokenizer", descriptor.name, options), "gramscore tokenize", plugin);
  warnUnavailable(ctx, cmd);
  if (files.length === 0 && ctx.io.stdin.isTTY === true) throw usageError("No input: give text files or pipe text in (gramscore tokenize -t NAME < text.txt).");
  let line = 0;
  for await (const lines of readTextLines(files, ctx.io, { read: 0, total: undefined }, { keepWhitespace: flags.keepWhitespace === true })) {
    const out: string[] = [];
    for (const text of lines) {
      line++;
      let tokens: string[];
      try {
        tokens = tokenizer.tokenize(text);
      } catch (error) {
        throw withLocation(error, `line ${line}`);
      }
      out.push(flags.format === "json" ? JSON.stringify(tokens) : tokens.join(" "));
    }
    await writeStdout(ctx.io.stdout, `${out.join("\n")}\n`);
  }
}

/** The `tokenize` command. */
export const command: CommandModule = {
  pluginFlags: "tokenizer",
  define(program, ctx) {
    return program
      .command("tokenize")
      .summary("print the tokens of each input line")
      .argument("[files...]", "text files (default stdin)")
      .requiredOption("-t, --tokenizer <name>", "tokenizer name (see gramscore list)")
      .addOption(new Option("-f, --format <format>", "text: tokens separated by spaces; json: one JSON array per line").choices(["text", "json"]))
      .option("--keep-whitespace", "keep trailing whitespace of lines")
      .action(bind(ctx, action));
  },
};

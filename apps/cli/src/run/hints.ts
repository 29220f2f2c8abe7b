/**
 * What the CLI adds to an unknown metric or tokenizer name: nothing to install when the name is
 * most likely a typo (the registry's message already says "Did you mean ...?"), the package's install
 * command when the name belongs to a gramscore package that is not installed, and otherwise how
 * plugins are loaded, without inventing a package name.
 */
import type { Kind } from "@gramscore/registry";

/** A package and the names it provides (the shape of the CLI's built-in lazy plugins). */
export interface KnownPackage {
  readonly name: string;
  readonly provides?: { readonly tokenizers?: readonly string[]; readonly metrics?: readonly string[] };
}

/**
 * The hint appended to unknown-name errors in the CLI.
 * @param kind - `metric` or `tokenizer`.
 * @param name - the name asked for.
 * @param suggestions - registered names close to `name` (named by the error as "Did you mean ...?").
 * @param known - packages whose names the CLI knows, installed or not (its built-in plugins).
 */
export function cliHint(kind: Kind, name: string, suggestions: readonly string[] = [], known: readonly KnownPackage[] = []): string {
  const list = "`gramscore list` shows what is installed.";
  const owner = known.find((p) => (kind === "metric" ? p.provides?.metrics : p.provides?.tokenizers)?.includes(name));
  if (owner !== undefined) {
    return `The ${kind} "${name}" comes from ${owner.name}, which is not installed: install it where gramscore is installed (npm install ${owner.name}; npm install -g ${owner.name} beside a global gramscore). ${list}`;
  }
  if (suggestions.length > 0) return list;
  return (
    `If it comes from a plugin package, install that package and load it with --plugin <package> ` +
    `(or list it under "plugins" in gramscore.config.json). ${list}`
  );
}

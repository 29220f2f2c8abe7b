// Writes dist/builtins.json: the tokenizer, metric and normalizer names (with aliases) each built-in plugin
// package provides, read from the built packages. The CLI uses it only as a hint for which package
// to import first; a missing or stale file costs time, never correctness.
import { writeFileSync } from "node:fs";

const { builtinPlugins } = await import(new URL("../dist/index.js", import.meta.url).href);
const { pluginFromModule } = await import("@gramscore/registry");

const names = (descriptors = []) => descriptors.flatMap((d) => [d.name, ...(d.aliases ?? [])]);
const packages = {};
for (const lazy of builtinPlugins()) {
  try {
    const plugin = pluginFromModule(await lazy.load(), lazy.name);
    packages[lazy.name] = { tokenizers: names(plugin.tokenizers), metrics: names(plugin.metrics), ...(plugin.normalizers ? { normalizers: plugin.normalizers.map((n) => n.name) } : {}) };
  } catch {
    packages[lazy.name] = null;
  }
}
writeFileSync(new URL("../dist/builtins.json", import.meta.url), `${JSON.stringify({ format: 1, packages }, null, 2)}\n`);
const found = Object.values(packages).filter(Boolean).length;
console.log(`builtins.json: ${found} of ${Object.keys(packages).length} built-in packages export a plugin`);

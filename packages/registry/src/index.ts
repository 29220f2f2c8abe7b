export { createRegistry } from "./registry.js";
export type {
  DescriptorOf,
  InstanceOf,
  LazyPlugin,
  MetricOptionsOf,
  MetricResultOf,
  MetricStatsOf,
  PluginRecord,
  RegisteredNormalizer,
  RegisteredEntry,
  Registry,
  RegistryOptions,
  ShadowedName,
  UnavailablePlugin,
  UseOptions,
} from "./registry.js";
export { isValidName, pluginFromModule, validatePlugin } from "./validate.js";
export type { Kind } from "./validate.js";
export { suggestNames } from "./suggest.js";
export { VERSION } from "./version.js";

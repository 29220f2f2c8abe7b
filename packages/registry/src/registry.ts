import { ErrorCode, GramscoreError, describeValue, isGramscoreError } from "@gramscore/core";
import type {
  Metric,
  MetricContext,
  MetricDescriptor,
  MetricMap,
  MetricTypes,
  Normalizer,
  Plugin,
  Tokenizer,
  TokenizerDescriptor,
  TokenizerMap,
  TokenizerOrigin,
} from "@gramscore/core";
import { suggestNames } from "./suggest.js";
import { pluginFromModule, validatePlugin, type Kind } from "./validate.js";

/** The descriptor type of a kind. */
export type DescriptorOf<K extends Kind> = K extends "tokenizer" ? TokenizerDescriptor : MetricDescriptor;

/** What `create` returns for a kind. */
export type InstanceOf<K extends Kind> = K extends "tokenizer" ? Tokenizer : Metric;

type MetricEntryOf<N extends keyof MetricMap> = MetricMap[N] extends MetricTypes ? MetricMap[N] : MetricTypes;
/** The options type a {@link MetricMap} entry declares. */
export type MetricOptionsOf<N extends keyof MetricMap> = MetricEntryOf<N>["options"];
/** The statistics type a {@link MetricMap} entry declares. */
export type MetricStatsOf<N extends keyof MetricMap> = MetricEntryOf<N>["stats"];
/** The result type a {@link MetricMap} entry declares. */
export type MetricResultOf<N extends keyof MetricMap> = MetricEntryOf<N>["result"];

/** Options of {@link createRegistry}. */
export interface RegistryOptions {
  /**
   * Says how to get a missing tokenizer or metric; appended to unknown-name errors. The default
   * suggests installing the package and calling `registry.use(plugin)`; the CLI says `--plugin`.
   * `suggestions` are the registered names close to `name` (already named in the error as "Did you
   * mean ...?"), so that a hint can leave out an install command for what is likely a typo.
   */
  hint?: (kind: Kind, name: string, suggestions: readonly string[]) => string;
}

/** Options of {@link Registry.use}. */
export interface UseOptions {
  /** Replace tokenizers and metrics already registered under the same names instead of failing. */
  override?: boolean;
}

/**
 * A plugin that is imported only when one of its names is needed (see {@link Registry.ensure}).
 * Names it registers never conflict with, and never replace, those of plugins added with `use()`.
 */
export interface LazyPlugin {
  /** Package or plugin name, for messages and listings. */
  readonly name: string;
  /** Imports it: returns the module (its default or `plugin` export is used) or the plugin itself. */
  load(): unknown;
  /** Names it is expected to provide; they are loaded first when such a name is asked for. */
  readonly provides?: { readonly tokenizers?: readonly string[]; readonly metrics?: readonly string[]; readonly normalizers?: readonly string[] };
  /** Kinds it is expected to provide; tried before plugins of other kinds. */
  readonly kinds?: readonly Kind[];
  /**
   * When true, a module that cannot be found, fails to load or exports no plugin is skipped (and
   * listed by {@link Registry.unavailable}) instead of throwing.
   */
  readonly optional?: boolean;
}

/** One registered tokenizer or metric. */
export interface RegisteredEntry<K extends Kind = Kind> {
  readonly kind: K;
  /** Its canonical name (`descriptor.name`). */
  readonly name: string;
  readonly descriptor: DescriptorOf<K>;
  /** Name of the plugin that registered it. */
  readonly plugin: string;
  /** True when it came from a lazily loaded plugin. */
  readonly lazy: boolean;
}

/** A plugin that has been registered. */
export interface PluginRecord {
  readonly name: string;
  readonly version: string | undefined;
  readonly lazy: boolean;
  readonly tokenizers: readonly string[];
  readonly metrics: readonly string[];
  /** Names of its normalizers, when it has some. */
  readonly normalizers?: readonly string[];
}

/** One registered normalizer (see {@link Registry.normalizer}). */
export interface RegisteredNormalizer {
  readonly name: string;
  readonly normalizer: Normalizer;
  /** Name of the plugin that registered it. */
  readonly plugin: string;
  /** True when it came from a lazily loaded plugin. */
  readonly lazy: boolean;
}

/** A lazy plugin marked `optional` that was skipped, and why. */
export interface UnavailablePlugin {
  readonly name: string;
  /** `not-installed`: the module was not found; `no-plugin`: it exports no plugin; `failed`: anything else. */
  readonly reason: "not-installed" | "no-plugin" | "failed";
  readonly error: unknown;
}

/** A name one plugin registered that another one hides. */
export interface ShadowedName {
  readonly kind: Kind;
  readonly name: string;
  /** The plugin whose registration is hidden. */
  readonly plugin: string;
  /** The plugin that registered the name in effect. */
  readonly by: string;
}

/** A set of tokenizers and metrics, filled from plugins. Create one with {@link createRegistry}. */
export interface Registry {
  /**
   * Registers every tokenizer and metric of `plugin` (validated first). Registering the very same
   * descriptor again is a no-op; another descriptor under a taken name or alias throws
   * `NAME_CONFLICT` (nothing is registered then) unless `options.override` is set.
   */
  use(plugin: Plugin, options?: UseOptions): this;
  /** Adds a plugin that is imported only when needed: see {@link LazyPlugin} and {@link ensure}. */
  useLazy(plugin: LazyPlugin): this;
  /** True when `name` (or an alias) is registered; lazy plugins not loaded yet are not consulted. */
  has(kind: Kind, name: string): boolean;
  /**
   * The descriptor registered under `name` or an alias: the untyped lookup for names typed by people.
   * @throws GramscoreError `UNKNOWN_TOKENIZER` / `UNKNOWN_METRIC` listing what is registered, close
   * names, and how to install the missing package.
   */
  resolve(kind: "tokenizer", name: string): TokenizerDescriptor;
  resolve(kind: "metric", name: string): MetricDescriptor;
  resolve(kind: Kind, name: string): TokenizerDescriptor | MetricDescriptor;
  /** Creates the tokenizer or metric registered under `name` with untyped options. */
  create(kind: "tokenizer", name: string, options?: unknown): Tokenizer;
  create(kind: "metric", name: string, options?: unknown): Metric;
  create(kind: Kind, name: string, options?: unknown): Tokenizer | Metric;
  /** Creates a tokenizer by a name some package declared in `TokenizerMap`, with typed options. */
  tokenizer<N extends keyof TokenizerMap & string>(name: N, options?: TokenizerMap[N]): Tokenizer;
  /** Creates a metric by a name some package declared in `MetricMap`, with typed options and results. */
  metric<N extends keyof MetricMap & string>(
    name: N,
    options?: MetricOptionsOf<N>,
  ): Metric<MetricStatsOf<N>, MetricResultOf<N>>;
  /** Resolves tokenizer names for metrics (`create` passes it to metric descriptors). */
  readonly context: MetricContext;
  /** The registered tokenizers or metrics, one entry per descriptor, in registration order. */
  list<K extends Kind>(kind: K): RegisteredEntry<K>[];
  /** The registered plugins, in registration order. */
  plugins(): PluginRecord[];
  /** Names of lazy plugins not loaded yet. */
  pending(): string[];
  /** Optional lazy plugins that were skipped. */
  unavailable(): UnavailablePlugin[];
  /** Names hidden by a registration that took precedence (explicit over lazy, or `override`). */
  shadowed(): ShadowedName[];
  /**
   * Loads lazy plugins until `name` is registered (those expected to provide it first) and returns
   * its descriptor. @throws like {@link resolve} once every lazy plugin is loaded.
   */
  ensure(kind: "tokenizer", name: string): Promise<TokenizerDescriptor>;
  ensure(kind: "metric", name: string): Promise<MetricDescriptor>;
  ensure(kind: Kind, name: string): Promise<TokenizerDescriptor | MetricDescriptor>;
  /**
   * {@link ensure}, then {@link create}; when creating fails because a tokenizer the metric asks its
   * context for is not registered yet, loads lazy plugins until it is and tries again.
   */
  createAsync(kind: "tokenizer", name: string, options?: unknown): Promise<Tokenizer>;
  createAsync(kind: "metric", name: string, options?: unknown): Promise<Metric>;
  createAsync(kind: Kind, name: string, options?: unknown): Promise<Tokenizer | Metric>;
  /** Loads every lazy plugin. */
  loadAll(): Promise<void>;
  /**
   * The normalizer registered under `name` (what a metric's `normalize: "whisper-en"` names; the
   * registry's `context.normalizer`). Lazy plugins not loaded yet are not consulted.
   * @throws GramscoreError `INVALID_OPTION` (`details.option` = `normalize`, `details.normalizer` =
   *   `name`) listing the registered normalizers and close names.
   */
  normalizer(name: string): Normalizer;
  /** The registered normalizers, in registration order. */
  normalizers(): RegisteredNormalizer[];
  /** Loads lazy plugins until a normalizer `name` is registered (those expected to provide it first) and returns it. */
  ensureNormalizer(name: string): Promise<Normalizer>;
}

const EXPLICIT = 1;
const LAZY = 0;

interface Slot {
  descriptor: TokenizerDescriptor | MetricDescriptor;
  plugin: string;
  priority: number;
}

interface NormalizerSlot {
  normalizer: Normalizer;
  plugin: string;
  priority: number;
}

interface LazyState {
  spec: LazyPlugin;
  promise: Promise<void> | undefined;
  settled: boolean;
}

function label(kind: Kind): string {
  return kind === "tokenizer" ? "tokenizer" : "metric";
}

function defaultHint(kind: Kind, name: string): string {
  return kind === "metric"
    ? `If "${name}" comes from a plugin package, install it (for example npm install @gramscore/metric-${name}) and register its plugin with registry.use(plugin).`
    : `If "${name}" comes from a plugin package, install that package and register its plugin with registry.use(plugin).`;
}

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
}

function checkInstance(kind: Kind, value: unknown, where: string): void {
  const need = kind === "tokenizer" ? ["tokenize"] : ["empty", "stats", "merge", "score", "signature", "summarize"];
  const v = value as Record<string, unknown> | null;
  if (v === null || typeof v !== "object") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `${where}: create() must return a ${kind} object, but returned ${describeValue(value)}.`);
  }
  const missing = need.filter((m) => typeof v[m] !== "function");
  if (missing.length > 0) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `${where}: create() returned a ${kind} without ${missing.map((m) => `${m}()`).join(", ")}; ` +
        `a ${kind} needs ${need.map((m) => `${m}()`).join(", ")}.`,
    );
  }
}

/**
 * Creates an empty registry. Registries are independent instances (there is no global one): fill
 * one with `use(plugin)` (or `useLazy`) and look names up with `resolve`, `create`, or the typed
 * `tokenizer()` / `metric()`.
 */
export function createRegistry(options: RegistryOptions = {}): Registry {
  const hint = options.hint ?? defaultHint;
  const slots: Record<Kind, Map<string, Slot>> = { tokenizer: new Map(), metric: new Map() };
  const normalizerSlots = new Map<string, NormalizerSlot>();
  const pluginRecords: PluginRecord[] = [];
  const lazies: LazyState[] = [];
  const skipped: UnavailablePlugin[] = [];
  const hidden: ShadowedName[] = [];

  function register(plugin: Plugin, priority: number, override: boolean): void {
    const plan: [Kind, string, Slot][] = [];
    const hides: ShadowedName[] = [];
    const conflicts: string[] = [];
    for (const kind of ["tokenizer", "metric"] as const) {
      const descriptors = (kind === "tokenizer" ? plugin.tokenizers : plugin.metrics) ?? [];
      const own = new Map<string, TokenizerDescriptor | MetricDescriptor>();
      for (const d of descriptors) {
        for (const key of [d.name, ...(d.aliases ?? [])]) {
          const mine = own.get(key);
          if (mine !== undefined && mine !== d) {
            conflicts.push(`${label(kind)} "${key}" is declared twice inside plugin "${plugin.name}"`);
            continue;
          }
          own.set(key, d);
          const existing = slots[kind].get(key);
          const slot: Slot = { descriptor: d, plugin: plugin.name, priority };
          if (existing === undefined) plan.push([kind, key, slot]);
          else if (existing.descriptor === d) continue;
          else if (priority > existing.priority || override) {
            hides.push({ kind, name: key, plugin: existing.plugin, by: plugin.name });
            plan.push([kind, key, slot]);
          } else if (priority < existing.priority) {
            hides.push({ kind, name: key, plugin: plugin.name, by: existing.plugin });
          } else {
            conflicts.push(`${label(kind)} "${key}" is already registered by plugin "${existing.plugin}"`);
          }
        }
      }
    }
    const normalizerPlan: [string, NormalizerSlot][] = [];
    const ownNormalizers = new Set<string>();
    for (const n of plugin.normalizers ?? []) {
      if (ownNormalizers.has(n.name)) {
        conflicts.push(`normalizer "${n.name}" is declared twice inside plugin "${plugin.name}"`);
        continue;
      }
      ownNormalizers.add(n.name);
      const existing = normalizerSlots.get(n.name);
      const slot: NormalizerSlot = { normalizer: n, plugin: plugin.name, priority };
      if (existing === undefined) normalizerPlan.push([n.name, slot]);
      else if (existing.normalizer === n) continue;
      else if (priority > existing.priority || override) normalizerPlan.push([n.name, slot]);
      else if (priority === existing.priority) conflicts.push(`normalizer "${n.name}" is already registered by plugin "${existing.plugin}"`);
    }
    if (conflicts.length > 0) {
      throw new GramscoreError(
        ErrorCode.NAME_CONFLICT,
        `Cannot register plugin "${plugin.name}": ${conflicts.join("; ")}. Names must be unique: load only one of the ` +
          "two plugins, or pass { override: true } to use() to replace the earlier registration.",
        { details: { plugin: plugin.name, conflicts } },
      );
    }
    for (const [kind, key, slot] of plan) slots[kind].set(key, slot);
    for (const [key, slot] of normalizerPlan) normalizerSlots.set(key, slot);
    hidden.push(...hides);
    pluginRecords.push({
      name: plugin.name,
      version: plugin.version,
      lazy: priority === LAZY,
      tokenizers: (plugin.tokenizers ?? []).map((d) => d.name),
      metrics: (plugin.metrics ?? []).map((d) => d.name),
      normalizers: plugin.normalizers?.map((n) => n.name),
    });
  }

  function unknown(kind: Kind, name: string): GramscoreError {
    // A lazy plugin that provides the name is installed but failed to load (a dependency of its own
    // missing, say): its error is the answer, not the hint to install a package that is there.
    const blocked = skipped.find(
      (u) =>
        u.reason === "failed" &&
        lazies.some((l) => l.spec.name === u.name && (kind === "tokenizer" ? l.spec.provides?.tokenizers : l.spec.provides?.metrics)?.includes(name)),
    );
    if (blocked !== undefined) {
      const why = blocked.error instanceof Error ? blocked.error.message : String(blocked.error);
      return new GramscoreError(
        isGramscoreError(blocked.error) ? blocked.error.code : ErrorCode.PLUGIN_LOAD_FAILED,
        `The ${label(kind)} "${name}" comes from ${blocked.name}, which is installed but could not be loaded: ${why}`,
        { cause: blocked.error, details: { kind, name, plugin: blocked.name } },
      );
    }
    const available = [...slots[kind].keys()].sort();
    const canonical = registry.list(kind).map((e) => e.name);
    const suggestions = suggestNames(name, available);
    const parts = [`Unknown ${label(kind)} "${name}".`];
    if (suggestions.length > 0) parts.push(`Did you mean ${suggestions.map((s) => `"${s}"`).join(" or ")}?`);
    parts.push(canonical.length > 0 ? `Registered ${label(kind)}s: ${canonical.join(", ")}.` : `No ${label(kind)}s are registered.`);
    const waiting = registry.pending();
    if (waiting.length > 0) {
      parts.push(
        `${waiting.length} lazy plugin(s) are not loaded yet (${waiting.join(", ")}): await registry.ensure("${kind}", "${name}") loads them.`,
      );
    }
    const how = hint(kind, name, suggestions);
    if (how !== "") parts.push(how);
    return new GramscoreError(kind === "tokenizer" ? ErrorCode.UNKNOWN_TOKENIZER : ErrorCode.UNKNOWN_METRIC, parts.join(" "), {
      details: { kind, name, available: canonical, suggestions },
    });
  }

  function loadLazy(state: LazyState): Promise<void> {
    if (state.promise !== undefined) return state.promise;
    const { spec } = state;
    state.promise = (async () => {
      try {
        let mod: unknown;
        try {
          mod = await spec.load();
        } catch (error) {
          if (spec.optional) {
            skipped.push({ name: spec.name, reason: isModuleNotFound(error) ? "not-installed" : "failed", error });
            return;
          }
          throw new GramscoreError(ErrorCode.PLUGIN_LOAD_FAILED, `Could not load plugin ${spec.name}: ${error instanceof Error ? error.message : String(error)}`, {
            cause: error,
            details: { plugin: spec.name },
          });
        }
        let plugin: Plugin;
        try {
          const direct = (mod as { kind?: unknown } | null)?.kind === "plugin";
          plugin = direct ? validatePlugin(mod, spec.name) : pluginFromModule(mod, spec.name);
        } catch (error) {
          if (spec.optional) {
            const reason = isGramscoreError(error) && error.details?.reason === "no-plugin" ? "no-plugin" : "failed";
            skipped.push({ name: spec.name, reason, error });
            return;
          }
          throw error;
        }
        register(plugin, LAZY, false);
      } finally {
        state.settled = true;
      }
    })();
    return state.promise;
  }

  function rank(state: LazyState, kind: Kind, name: string): number {
    const provided = kind === "tokenizer" ? state.spec.provides?.tokenizers : state.spec.provides?.metrics;
    if (provided?.includes(name)) return 0;
    if (state.spec.kinds?.includes(kind)) return 1;
    return state.spec.kinds === undefined ? 1 : 2;
  }

  const registry: Registry = {
    use(plugin, useOptions = {}) {
      validatePlugin(plugin, "registry.use()");
      register(plugin, EXPLICIT, useOptions.override === true);
      return this;
    },
    useLazy(plugin) {
      if (plugin === null || typeof plugin !== "object" || typeof plugin.name !== "string" || typeof plugin.load !== "function") {
        throw new GramscoreError(
          ErrorCode.INVALID_TYPE,
          `useLazy() needs { name: string, load: () => import("...") }, but got ${describeValue(plugin)}.`,
        );
      }
      lazies.push({ spec: plugin, promise: undefined, settled: false });
      return this;
    },
    has(kind, name) {
      return slots[kind].has(name);
    },
    resolve(kind: Kind, name: string): any {
      const slot = typeof name === "string" ? slots[kind].get(name) : undefined;
      if (slot === undefined) {
        if (typeof name !== "string") {
          throw new GramscoreError(ErrorCode.INVALID_TYPE, `A ${label(kind)} name must be a string, but got ${describeValue(name)}.`);
        }
        throw unknown(kind, name);
      }
      return slot.descriptor;
    },
    create(kind: Kind, name: string, createOptions?: unknown): any {
      const slot = slots[kind].get(name);
      const descriptor = registry.resolve(kind, name);
      const where = `${label(kind)} "${descriptor.name}" of plugin "${slot?.plugin}"`;
      const instance =
        kind === "tokenizer"
          ? (descriptor as TokenizerDescriptor).create(createOptions)
          : (descriptor as MetricDescriptor).create(createOptions, registry.context);
      checkInstance(kind, instance, where);
      return instance;
    },
    tokenizer(name, tokenizerOptions) {
      return registry.create("tokenizer", name, tokenizerOptions);
    },
    metric(name, metricOptions) {
      return registry.create("metric", name, metricOptions) as Metric<any, any>;
    },
    context: {
      tokenizer(name: string, tokenizerOptions?: unknown): Tokenizer {
        return registry.create("tokenizer", name, tokenizerOptions);
      },
      origin: tokenizerOrigin,
      normalizer: (name: string) => registry.normalizer(name),
    },
    list<K extends Kind>(kind: K): RegisteredEntry<K>[] {
      const out: RegisteredEntry<K>[] = [];
      const seen = new Set<unknown>();
      for (const [key, slot] of slots[kind]) {
        if (key !== slot.descriptor.name || seen.has(slot.descriptor)) continue;
        seen.add(slot.descriptor);
        out.push({ kind, name: key, descriptor: slot.descriptor as DescriptorOf<K>, plugin: slot.plugin, lazy: slot.priority === LAZY });
      }
      return out;
    },
    plugins() {
      return [...pluginRecords];
    },
    pending() {
      return lazies.filter((s) => !s.settled).map((s) => s.spec.name);
    },
    unavailable() {
      return [...skipped];
    },
    shadowed() {
      return [...hidden];
    },
    async ensure(kind: Kind, name: string): Promise<any> {
      if (slots[kind].has(name)) return slots[kind].get(name)!.descriptor;
      const order = lazies
        .map((state, index) => ({ state, index, r: rank(state, kind, name) }))
        .sort((a, b) => a.r - b.r || a.index - b.index);
      for (const { state } of order) {
        await loadLazy(state);
        if (slots[kind].has(name)) return slots[kind].get(name)!.descriptor;
      }
      return registry.resolve(kind, name);
    },
    async createAsync(kind: Kind, name: string, createOptions?: unknown): Promise<any> {
      await registry.ensure(kind, name);
      for (;;) {
        try {
          if (kind === "tokenizer") {
            const tokenizer = registry.create(kind, name, createOptions) as Tokenizer;
            if (tokenizer.ready) await tokenizer.ready;
            return tokenizer;
          }
          return await createMetricWhenReady(name, createOptions);
        } catch (error) {
          const normalizer = isGramscoreError(error, ErrorCode.INVALID_OPTION) ? error.details?.normalizer : undefined;
          if (typeof normalizer === "string" && !normalizerSlots.has(normalizer) && registry.pending().length > 0) {
            await registry.ensureNormalizer(normalizer);
            continue;
          }
          const missing = isGramscoreError(error, ErrorCode.UNKNOWN_TOKENIZER) ? error.details?.name : undefined;
          if (typeof missing !== "string" || slots.tokenizer.has(missing) || registry.pending().length === 0) throw error;
          await registry.ensure("tokenizer", missing);
        }
      }
    },
    async loadAll() {
      for (const state of lazies) await loadLazy(state);
    },
    normalizer(name: string): Normalizer {
      const slot = typeof name === "string" ? normalizerSlots.get(name) : undefined;
      if (slot !== undefined) return slot.normalizer;
      const available = [...normalizerSlots.keys()];
      const suggestions = typeof name === "string" ? suggestNames(name, available) : [];
      const parts = [`Unknown normalizer ${typeof name === "string" ? JSON.stringify(name) : describeValue(name)} (option normalize).`];
      if (suggestions.length > 0) parts.push(`Did you mean ${suggestions.map((s) => `"${s}"`).join(" or ")}?`);
      parts.push(available.length > 0 ? `Registered normalizers: ${available.join(", ")}.` : "No normalizers are registered.");
      if (!available.includes("whisper-en")) {
        parts.push('Whisper\'s normalizers ("whisper-en", "whisper-basic") come from the plugin of @gramscore/normalizer-whisper: install it and register its plugin with registry.use(plugin).');
      }
      throw new GramscoreError(ErrorCode.INVALID_OPTION, parts.join(" "), {
        details: { option: "normalize", normalizer: name, available, suggestions },
      });
    },
    normalizers() {
      return [...normalizerSlots.values()].map((slot) => ({ name: slot.normalizer.name, normalizer: slot.normalizer, plugin: slot.plugin, lazy: slot.priority === LAZY }));
    },
    async ensureNormalizer(name: string): Promise<Normalizer> {
      if (!normalizerSlots.has(name)) {
        const order = lazies
          .map((state, index) => ({ state, index, r: state.spec.provides?.normalizers?.includes(name) ? 0 : 1 }))
          .sort((a, b) => a.r - b.r || a.index - b.index);
        for (const { state } of order) {
          await loadLazy(state);
          if (normalizerSlots.has(name)) break;
        }
      }
      return registry.normalizer(name);
    },
  };
  /** Which plugin registered a tokenizer name, and whether the user chose it (not a lazy built-in). */
  function tokenizerOrigin(name: string): TokenizerOrigin | undefined {
    const slot = slots.tokenizer.get(name);
    return slot === undefined ? undefined : { plugin: slot.plugin, user: slot.priority !== LAZY };
  }

  /**
   * Creates a metric whose tokenizers may load asynchronously: the tokenizers it asks its context for
   * are kept; when any has a `ready` promise, the metric is created again, with the same (now ready)
   * tokenizers, once they have all loaded.
   */
  async function createMetricWhenReady(name: string, createOptions: unknown): Promise<Metric> {
    const made = new Map<string, Tokenizer>();
    const waiting: PromiseLike<unknown>[] = [];
    const context: MetricContext = {
      tokenizer(tokName, tokOptions) {
        const key = `${tokName}\u0000${JSON.stringify(tokOptions ?? null)}`;
        let tok = made.get(key);
        if (tok === undefined) {
          tok = registry.create("tokenizer", tokName, tokOptions) as Tokenizer;
          made.set(key, tok);
          if (tok.ready) waiting.push(tok.ready);
        }
        return tok;
      },
      origin: tokenizerOrigin,
      normalizer: (normalizerName: string) => registry.normalizer(normalizerName),
    };
    const descriptor = registry.resolve("metric", name) as MetricDescriptor;
    const where = `metric "${descriptor.name}" of plugin "${slots.metric.get(name)?.plugin}"`;
    let metric: Metric | undefined;
    try {
      metric = descriptor.create(createOptions, context);
    } catch (error) {
      if (waiting.length === 0) throw error;
    }
    if (waiting.length > 0) {
      await Promise.all(waiting);
      metric = descriptor.create(createOptions, context);
    }
    checkInstance("metric", metric, where);
    return metric as Metric;
  }

  return registry;
}

/**
 * Where a run's time goes: with `GRAMSCORE_PROFILE=1` in the environment, `score` (and the commands
 * that read input the same way) print one line per phase on stderr at the end of the run. Phases are
 * timed per batch of records, never per segment, so the profile costs nothing measurable; without the
 * variable every hook is a no-op.
 */

/** The phases, in the order they are printed. */
export const PHASES = ["start-up", "set-up", "reading", "decoding", "parsing", "scoring", "merging", "report", "output"] as const;

/** One of {@link PHASES}. */
export type Phase = (typeof PHASES)[number];

const DESCRIPTIONS: Record<Phase, string> = {
  "start-up": "Node start and loading the CLI, until run() is called",
  "set-up": "config, plugin registry, argument parsing, metric packages and metric creation",
  reading: "waiting for input bytes and cutting them into lines",
  decoding: "UTF-8 decoding of lines",
  parsing: "JSONL records (or text lines) turned into hyp, refs and system",
  scoring: "validation, tokenization and statistics of every segment",
  merging: "adding each batch's (or segment's) statistics to its system's totals",
  report: "corpus scores of every system",
  output: "formatting and writing the result",
};

/** Accumulated CPU and wall-clock milliseconds per phase of one run. */
export class Profile {
  private readonly cpu = new Map<Phase, number>();
  private readonly wall = new Map<Phase, number>();
  private segments = 0;
  private batches = 0;
  /** End of the last lap: `performance.now()` (0 is the process start) and CPU microseconds. */
  private lastWall = 0;
  private lastCpu = 0;

  /** Adds the time since the last lap to `phase` (the phases of a run follow each other). */
  lap(phase: Phase): void {
    const now = performance.now();
    const usage = process.cpuUsage();
    const cpu = usage.user + usage.system;
    this.wall.set(phase, (this.wall.get(phase) ?? 0) + (now - this.lastWall));
    this.cpu.set(phase, (this.cpu.get(phase) ?? 0) + (cpu - this.lastCpu) / 1000);
    this.lastWall = now;
    this.lastCpu = cpu;
  }

  /** Counts a batch of `n` segments. */
  batch(n: number): void {
    this.batches++;
    this.segments += n;
  }

  /**
   * The phase lines: CPU milliseconds of the process (the steady figure on a busy machine; with
   * --jobs, worker threads' CPU counts where the main thread waits) and wall-clock milliseconds.
   */
  lines(): string[] {
    const totalWall = performance.now();
    const usage = process.cpuUsage();
    const totalCpu = (usage.user + usage.system) / 1000;
    const out = [`gramscore profile: ${this.segments} segments in ${this.batches} batches; CPU ms and wall ms per phase`];
    let knownCpu = 0;
    let knownWall = 0;
    const row = (name: string, cpu: number, wall: number, text: string) =>
      `  ${name.padEnd(9)} ${cpu.toFixed(1).padStart(9)} ${wall.toFixed(1).padStart(9)}  ${text}`;
    for (const phase of PHASES) {
      const cpu = this.cpu.get(phase) ?? 0;
      const wall = this.wall.get(phase) ?? 0;
      knownCpu += cpu;
      knownWall += wall;
      out.push(row(phase, cpu, wall, DESCRIPTIONS[phase]));
    }
    out.push(row("other", Math.max(0, totalCpu - knownCpu), Math.max(0, totalWall - knownWall), "the rest (between phases)"));
    out.push(row("total", totalCpu, totalWall, `since the process started (user ${(usage.user / 1000).toFixed(1)}, system ${(usage.system / 1000).toFixed(1)} CPU ms)`));
    return out;
  }

  /** CPU milliseconds of `phase` so far. */
  get(phase: Phase): number {
    return this.cpu.get(phase) ?? 0;
  }
}

/** The run's profile when `GRAMSCORE_PROFILE` is set (to anything but "" or "0"), else undefined. */
export let profile: Profile | undefined;

/**
 * Starts profiling when `env.GRAMSCORE_PROFILE` asks for it (called once by `run`); the start-up
 * phase is the time from process start until now.
 */
export function startProfile(env: NodeJS.ProcessEnv | Record<string, string | undefined>): Profile | undefined {
  const flag = env.GRAMSCORE_PROFILE;
  profile = flag !== undefined && flag !== "" && flag !== "0" ? new Profile() : undefined;
  profile?.lap("start-up");
  return profile;
}

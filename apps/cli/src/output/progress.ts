import type { ByteCounter } from "../shared/io.js";
import type { CliIO } from "../shared/io.js";

/** Reports progress of a long run on stderr. */
export interface Progress {
  /** Called with the number of segments done; cheap enough to call after every batch. */
  update(segments: number): void;
  /** Removes the bar. */
  stop(): void;
}

const SILENT: Progress = { update() {}, stop() {} };

/**
 * A progress bar on stderr for long inputs: it appears only when stderr is a terminal, progress is
 * enabled, and the run is still going after a short delay. With a known total size (files) it shows
 * a bar, percentage and ETA; for stdin a segment count.
 */
export async function startProgress(io: CliIO, bytes: ByteCounter, enabled: boolean, label = "scoring"): Promise<Progress> {
  if (!enabled || io.stderr.isTTY !== true) return SILENT;
  const { default: cliProgress } = await import("cli-progress");
  const delay = io.progressDelayMs ?? 300;
  const started = Date.now();
  let bar: InstanceType<typeof cliProgress.SingleBar> | undefined;
  let segments = 0;
  const known = () => bytes.total !== undefined && bytes.total > 0;
  return {
    update(done) {
      segments = done;
      if (bar === undefined) {
        if (Date.now() - started < delay) return;
        bar = new cliProgress.SingleBar(
          {
            stream: io.stderr as NodeJS.WritableStream,
            format: known()
              ? `${label} {bar} {percentage}% | {segments} segments | ETA {eta_formatted}`
              : `${label} {segments} segments`,
            hideCursor: false,
            clearOnComplete: true,
            fps: 10,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(known() ? bytes.total! : 1, 0, { segments: segments.toLocaleString("en-US") });
      }
      bar.update(known() ? Math.min(bytes.read, bytes.total!) : 0, { segments: segments.toLocaleString("en-US") });
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}

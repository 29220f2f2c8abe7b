/**
 * What the tests need from the machine beyond the repository: the conformance data beside it and a
 * headless browser. On a developer's machine a check that needs a missing one is skipped and says so
 * in one line; under `CI=true` a missing one is a failure (`tooling/test/environment.test.ts`), so a CI
 * run can never pass by skipping.
 */
import { existsSync } from "node:fs";

import { conformanceDir, hasShared } from "./data.js";

/** True when the tests run under CI (`CI=true` or `CI=1`, as CI services and `.ci/run` set it). */
export const isCI = /^(1|true)$/i.test(process.env.CI ?? "");

/**
 * The Chromium binary the browser tests drive: `GRAMSCORE_CHROMIUM` or `CHROMIUM_PATH` when set, else
 * Debian's `chromium` package. Undefined when none exists.
 */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.GRAMSCORE_CHROMIUM, process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((p): p is string => typeof p === "string" && p.length > 0 && existsSync(p));
}

/**
 * True when this CI has no conformance data by design (`GRAMSCORE_NO_SHARED=1`: the public repository's
 * pull-request workflow, which cannot see the shared folder). The conformance checks are then skipped
 * under CI too, each saying so; the browser is still required.
 */
export const sharedOptional = /^(1|true)$/i.test(process.env.GRAMSCORE_NO_SHARED ?? "");

/** True when a Chromium binary is available. */
export const hasChromium = chromiumPath() !== undefined;

/** The one line a skipped browser check prints. */
export const BROWSER_SKIP_MESSAGE =
  "Chromium not found (GRAMSCORE_CHROMIUM, CHROMIUM_PATH, /usr/bin/chromium): browser checks skipped; install Debian's chromium (`apt-get install -y chromium`) to run them";

/** What is missing for a complete run, one line each (empty when nothing is). */
export function missingForFullRun(): string[] {
  const missing: string[] = [];
  if (!hasShared) missing.push(`conformance data not found at ${conformanceDir}: conformance checks skipped; put the shared folder beside the repository (or set GRAMSCORE_SHARED) to run them`);
  if (!hasChromium) missing.push(BROWSER_SKIP_MESSAGE);
  return missing;
}

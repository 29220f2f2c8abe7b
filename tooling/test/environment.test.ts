// A fresh clone's `pnpm test` passes without the conformance data and without a browser: the checks
// that need them are skipped, each saying so. Under CI both must be there, so that a CI run cannot
// pass by skipping what it exists to check.
import { describe, expect, it } from "vitest";

import { hasShared, SKIP_MESSAGE } from "../conformance/data.js";
import { BROWSER_SKIP_MESSAGE, hasChromium, isCI, sharedOptional } from "../conformance/environment.js";

describe("the test environment", () => {
  it("has the conformance data beside the repository (required under CI unless GRAMSCORE_NO_SHARED=1)", (ctx) => {
    if (!hasShared && (!isCI || sharedOptional)) {
      console.warn(SKIP_MESSAGE);
      ctx.skip();
    }
    expect(hasShared, `CI=true but ${SKIP_MESSAGE}`).toBe(true);
  });

  it("has Chromium for the browser checks (required under CI)", (ctx) => {
    if (!hasChromium && !isCI) {
      console.warn(BROWSER_SKIP_MESSAGE);
      ctx.skip();
    }
    expect(hasChromium, `CI=true but ${BROWSER_SKIP_MESSAGE}`).toBe(true);
  });
});

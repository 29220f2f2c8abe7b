import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../conformance/data.js";
import { checkPackages } from "../scripts/check-pack.mjs";
import { publicPackages } from "../scripts/workspace.mjs";

const pub: { dir: string; manifest: { name: string } }[] = publicPackages(repoRoot);

describe("published tarballs (pnpm pack + publint --strict + attw --profile esm-only)", () => {
  // Packed and linted together: attw's TypeScript starts once for all the tarballs.
  let results: Map<string, { ok: boolean; publint: string; attw: string }>;
  beforeAll(() => {
    results = checkPackages(pub.filter((p) => existsSync(join(p.dir, "dist"))).map((p) => p.dir));
  }, 600_000);

  it.each(pub.map((p) => [p.manifest.name, p.dir] as const))("%s packs cleanly", (_name, dir) => {
    expect(existsSync(join(dir, "dist")), "dist/ is missing: run `pnpm build` first").toBe(true);
    const result = results.get(dir)!;
    expect(result.ok, `${result.publint}\n${result.attw}`).toBe(true);
  });
});

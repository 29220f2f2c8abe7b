import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../conformance/data.js";
import { checkPackage } from "../scripts/check-pack.mjs";
import { publicPackages } from "../scripts/workspace.mjs";

const pub: { dir: string; manifest: { name: string } }[] = publicPackages(repoRoot);

describe("published tarballs (pnpm pack + publint --strict + attw --profile esm-only)", () => {
  it.each(pub.map((p) => [p.manifest.name, p.dir] as const))("%s packs cleanly", (_name, dir) => {
    expect(existsSync(join(dir, "dist")), "dist/ is missing: run `pnpm build` first").toBe(true);
    const result = checkPackage(dir);
    expect(result.ok, `${result.publint}\n${result.attw}`).toBe(true);
  });
});

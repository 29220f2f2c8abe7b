#!/usr/bin/env node
// Link checker for a static site: walks every HTML file under a folder and checks that each relative
// href/src (and srcset) resolves to a file of the site. External links (http:, https:, mailto:, …)
// are listed, not fetched. Exit code 1 when a relative link is broken.
//
//   node tooling/scripts/check-links.mjs site
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** Every HTML file under a folder (relative paths, sorted). */
function htmlFiles(root) {
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".html"))
    .sort();
}

/** The link targets of one HTML document: href, src and each srcset candidate. */
export function linksOf(html) {
  const out = [];
  // Script and style bodies hold code, not links.
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, (m) => m.replace(/>[\s\S]*<\//, "></"));
  for (const m of markup.matchAll(/\s(href|src|srcset)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi)) {
    const value = (m[2] ?? m[3] ?? m[4] ?? "").replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');
    if (m[1].toLowerCase() === "srcset") for (const candidate of value.split(",")) out.push(candidate.trim().split(/\s+/)[0]);
    else out.push(value.trim());
  }
  return out.filter((l) => l !== "");
}

/**
 * Checks a site folder: { files, checked, broken: [{ file, link }], external: [url] (sorted, unique) }.
 */
export function checkLinks(root) {
  root = resolve(root);
  const broken = [];
  const external = new Set();
  let checked = 0;
  const files = htmlFiles(root);
  for (const file of files) {
    const html = readFileSync(join(root, file), "utf8");
    for (const link of linksOf(html)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith("//")) {
        if (!/^(data|javascript|blob):/i.test(link)) external.add(link);
        continue;
      }
      const path = link.replace(/[?#].*$/, "");
      if (path === "") continue; // a fragment of the same page
      checked++;
      let decoded;
      try {
        decoded = decodeURIComponent(path);
      } catch {
        broken.push({ file, link });
        continue;
      }
      let target = decoded.startsWith("/") ? join(root, decoded) : resolve(dirname(join(root, file)), decoded);
      const inside = relative(root, target);
      if (inside.startsWith("..") || inside.split(sep)[0] === "..") {
        broken.push({ file, link });
        continue;
      }
      if (existsSync(target) && statSync(target).isDirectory()) target = join(target, "index.html");
      if (!existsSync(target)) broken.push({ file, link });
    }
  }
  return { files: files.length, checked, broken, external: [...external].sort() };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2];
  if (!root || !existsSync(root)) {
    console.error("usage: node tooling/scripts/check-links.mjs <site folder> (the folder must exist; build it with pnpm docs)");
    process.exit(2);
  }
  const { files, checked, broken, external } = checkLinks(root);
  console.log(`External links (listed, not fetched): ${external.length}`);
  for (const url of external) console.log(`  ${url}`);
  for (const { file, link } of broken) console.error(`BROKEN ${file}: ${link}`);
  console.log(`${files} HTML files, ${checked} relative links checked, ${broken.length} broken`);
  if (broken.length > 0) process.exit(1);
}

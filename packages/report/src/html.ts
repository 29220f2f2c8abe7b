import type { ReportData } from "./data.js";
import type { MatchSide, MatchView } from "./matches.js";
import { CHART_HELPERS } from "./chart.js";
import { reportViewer } from "./viewer.js";

/**
 * The report's styles, including those of match views (`.units`, `.u.mt` matched with shade `--a`,
 * `.u.cl` clipped, `.u.ed.e1`–`.e4` edits), for pages that show match views themselves.
 */
export const REPORT_CSS = `
:root{color-scheme:light dark;--fg:#111827;--muted:#6b7280;--line:#e5e7eb;--bg:#fff;--soft:#f9fafb;--card:#fff;--hover:#f3f4f6;--open:#eff6ff;--text2:#374151;--accent:#2563eb;--up:#15803d;--down:#b91c1c;--tag-bg:#eef2ff;--tag-fg:#3730a3;--input:#d1d5db;--clip:#fee2e2;--e1:#fde68a;--e2:#bfdbfe;--e3:#fecaca;--e4:#ddd6fe;--mt:22,163,74}
@media (prefers-color-scheme:dark){:root{--fg:#e5e7eb;--muted:#9ca3af;--line:#374151;--bg:#111827;--soft:#1f2937;--card:#0f172a;--hover:#1f2937;--open:#1e3a5f;--text2:#d1d5db;--accent:#60a5fa;--up:#4ade80;--down:#f87171;--tag-bg:#312e81;--tag-fg:#c7d2fe;--input:#4b5563;--clip:#7f1d1d;--e1:#854d0e;--e2:#1e40af;--e3:#991b1b;--e4:#5b21b6;--mt:34,197,94}}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:1240px;margin:0 auto;padding:16px 20px 48px}
header h1{font-size:22px;margin:4px 0}
.meta,.hint{color:var(--muted);font-size:12.5px;margin:4px 0}
section{margin-top:22px}
h2{font-size:17px;border-bottom:1px solid var(--line);padding-bottom:4px;margin:0 0 8px}
h3{font-size:14px;margin:12px 0 6px}
h4{font-size:13.5px;margin:10px 0 4px}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:3px 8px;border-bottom:1px solid var(--line);text-align:right;white-space:nowrap}
th:first-child,th.left,td.text,td.ng{text-align:left}
.has-views{color:var(--accent);font-size:11px}
thead th{background:var(--soft);font-weight:600;position:sticky;top:0}
td.best{font-weight:700}
.wrap{overflow-x:auto;max-width:100%}
table.scores thead th{white-space:normal;min-width:4.5em;max-width:8em;vertical-align:bottom;overflow-wrap:anywhere}
table.scores th:first-child{position:sticky;left:0;background:var(--bg);z-index:1;max-width:none}
table.scores thead th:first-child{background:var(--soft);z-index:2}
.dot{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:6px;vertical-align:middle;print-color-adjust:exact;-webkit-print-color-adjust:exact}
.tag{font-size:11px;background:var(--tag-bg);color:var(--tag-fg);border-radius:8px;padding:0 6px;margin-left:6px;font-weight:500}
.ci{color:var(--muted);font-size:12px}.p{color:var(--muted);font-size:12px}.p.sig{color:var(--up);font-weight:600}.star{font-weight:700;color:var(--up)}
.grid{display:flex;flex-wrap:wrap;gap:18px}
figure{margin:0}figcaption{font-weight:600;font-size:13px;margin-bottom:2px}
svg{color:var(--muted);overflow:visible}svg text{fill:var(--muted)}svg text.label{fill:var(--text2)}
svg .grid-line{stroke-opacity:.25}svg .axis-line{stroke-opacity:.6}svg .whisker{stroke-opacity:.8}
.systems-legend{display:flex;flex-wrap:wrap;gap:4px 14px;font-size:12.5px;margin:4px 0}
td.bar{background:linear-gradient(90deg,color-mix(in srgb,var(--c) 22%,transparent) var(--w),transparent var(--w))}
tr.sizes td{color:var(--muted);font-size:12px}
.controls{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-bottom:6px}
select,input,button{font:inherit;padding:2px 6px;border:1px solid var(--input);border-radius:5px;background:var(--card);color:var(--fg)}
button{cursor:pointer}button:disabled{opacity:.45;cursor:default}
table.segments{width:100%}
table.segments td.text{white-space:normal;max-width:760px;color:var(--text2)}
table.segments tbody tr{cursor:pointer}table.segments tbody tr:hover{background:var(--hover)}
table.segments tr.open{background:var(--open)}
th.sortable{cursor:pointer;user-select:none}
td.up{color:var(--up)}td.down{color:var(--down)}
.detail{margin-top:10px}
.detail .system{border:1px solid var(--line);border-radius:8px;padding:4px 12px 10px;margin:10px 0;background:var(--soft)}
.ref,.hypline{margin:3px 0}
.chip{display:inline-block;background:var(--card);border:1px solid var(--line);border-radius:10px;padding:0 8px;margin:0 6px 4px 0;font-size:12.5px}
.view{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:2px 10px 8px;margin:8px 0}
.summary{color:var(--muted);font-size:12.5px;margin:2px 0 4px}
.side{display:flex;gap:8px;margin:3px 0}.side .label{flex:0 0 150px;color:var(--muted);font-size:12px;padding-top:2px}
.units{line-height:1.9}
.units.char{white-space:pre-wrap;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px}
.u{border-radius:3px;padding:1px 1px}
.units.token .u{padding:1px 3px}
.units.char .u{padding:1px 0;border-radius:0}
.u.mt{background:rgba(var(--mt),var(--a,.5))}
.u.cl{background:var(--clip);text-decoration:line-through;text-decoration-color:var(--down)}
.u.ed.e1{background:var(--e1)}.u.ed.e2{background:var(--e2)}.u.ed.e3{background:var(--e3);text-decoration:line-through}.u.ed.e4{background:var(--e4)}
.legend{margin-top:4px;font-size:12px;display:flex;flex-wrap:wrap;gap:6px}
details summary{cursor:pointer;color:var(--muted);font-size:12.5px;margin-top:4px}
table.ngrams td,table.ngrams th{font-size:12.5px}
table.sigs td{text-align:left;white-space:normal;overflow-wrap:anywhere}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px;background:var(--soft);padding:1px 4px;border-radius:4px}
@media print{
:root{color-scheme:light;--fg:#000;--muted:#444;--line:#bbb;--bg:#fff;--soft:#f3f3f3;--card:#fff;--text2:#111;--up:#060;--down:#900}
body{font-size:10.5pt}main{max-width:none;padding:0}
.controls,.noprint,button,#segments .controls,input[type=checkbox]{display:none!important}
.wrap{overflow:visible}table.scores th:first-child{position:static}thead th{position:static}
thead{display:table-header-group}tr,figure,.view,.system{break-inside:avoid}
section{break-inside:auto}h2,h3{break-after:avoid}
.u,.u.mt,.u.cl,.u.ed,td.bar,svg{print-color-adjust:exact;-webkit-print-color-adjust:exact}
a{color:inherit;text-decoration:none}
}
`;

/** Marks as one base-36 digit each when every mark is below 36 (compact in JSON), else as they are. */
function packSide(side: MatchSide, unit: "token" | "char"): unknown {
  const small = side.marks.every((m) => m >= 0 && m < 36 && Number.isInteger(m));
  return {
    label: side.label,
    units: unit === "char" ? side.units.join("") : side.units,
    marks: small ? side.marks.map((m) => m.toString(36)).join("") : side.marks,
  };
}

/** A view as embedded: compact sides, its table cut to `maxRows` rows. */
function packView(v: MatchView, maxRows: number): unknown {
  return {
    ...v,
    hypothesis: packSide(v.hypothesis, v.unit),
    references: v.references.map((r) => packSide(r, v.unit)),
    ...(v.table ? { table: { columns: v.table.columns, rows: v.table.rows.slice(0, maxRows) } } : {}),
  };
}

/** Options of {@link renderReport}. */
export interface RenderOptions {
  /** Rows kept of each match view's table (the counted n-grams). Default 15. */
  readonly maxTableRows?: number;
}

/** JSON safe inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/**
 * Renders report data as one self-contained HTML page: inline styles, inline script, the data as
 * compact JSON, charts drawn as inline SVG. It loads nothing from the network and opens from disk.
 */
export function renderReport(data: ReportData, options: RenderOptions = {}): string {
  const maxRows = options.maxTableRows ?? 15;
  const views: Record<number, unknown> = {};
  for (const [k, perSystem] of Object.entries(data.views)) views[Number(k)] = perSystem.map((vs) => vs.map((v) => packView(v, maxRows)));
  const payload = scriptJson({ ...data, views });
  const helpers = Object.entries(CHART_HELPERS)
    .map(([name, f]) => `${name}: ${f.toString()}`)
    .join(",\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${escapeHtml(data.generator)}">
<title>${escapeHtml(data.title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<main id="report"><noscript>This report needs JavaScript to draw its tables.</noscript></main>
<script type="application/json" id="gramscore-data">${payload}</script>
<script>
(${reportViewer.toString()})(JSON.parse(document.getElementById("gramscore-data").textContent), document.getElementById("report"), { ${helpers} });
</script>
</body>
</html>
`;
}

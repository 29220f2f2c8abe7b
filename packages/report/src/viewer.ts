/// <reference lib="dom" />
/* eslint-disable */
// The report page's script. It is embedded in the HTML as the source text of `reportViewer`
// (Function.prototype.toString), so it must not refer to anything outside its own body (the chart
// helpers come in as `lib`; the type import below is erased).
import type { ChartHelpers } from "./chart.js";

/**
 * Renders a report into `root` from its data (the page calls it on load), with the chart helpers
 * (`CHART_HELPERS`, embedded beside it). Also usable on its own in a page that has the report's
 * styles. @internal
 */
export function reportViewer(data: any, root: HTMLElement, lib: ChartHelpers): void {
  const $ = (tag: string, attrs: Record<string, any> = {}, ...kids: any[]): HTMLElement => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else if (k === "text") el.textContent = String(v);
      else el.setAttribute(k, String(v));
    }
    for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false) el.append(kid instanceof Node ? kid : String(kid));
    return el;
  };
  const SVG = "http://www.w3.org/2000/svg";
  const svg = (tag: string, attrs: Record<string, any> = {}, ...kids: any[]): SVGElement => {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) if (k === "text") el.textContent = String(v);
    else el.setAttribute(k, String(v));
    for (const kid of kids.flat()) if (kid) el.append(kid);
    return el;
  };
  const systems: any[] = data.systems;
  const S = systems.length;
  const base: number = data.baseline;
  const color = (s: number) => lib.systemColor(s);
  // Decimals shown: 2 on a 0-100 scale, 4 on a 0-1 scale.
  const decimalsOf = (values: number[]) => (values.every((v) => !Number.isFinite(v) || Math.abs(v) <= 1) ? 4 : 2);
  const fmt = (v: number | null | undefined, d: number) => (v === null || v === undefined || !Number.isFinite(v) ? "–" : v.toFixed(d));

  const section = (id: string, title: string, ...kids: any[]) => $("section", { id }, $("h2", { text: title }), ...kids);
  // Text cut to n characters (code points: a pair of surrogates is never split).
  const cut = (text: string, n: number) => {
    const chars = Array.from(text);
    return chars.length > n ? chars.slice(0, n - 1).join("") + "…" : text;
  };
  // A word as a shell takes it: quoted when it is not plain (a system's name may hold anything).
  const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : "'" + word.replace(/'/g, "'\\''") + "'");

  // Labels: the names without what they all share, long ones cut in the middle; the full name on hover.
  const short = lib.shortNames(systems, 24);
  const label: string[] = short.names.slice();
  // Text widths for the charts' layout: measured by a canvas when there is one, else estimated.
  let ctx2d: any = null;
  try {
    const canvas: any = document.createElement("canvas");
    ctx2d = canvas && typeof canvas.getContext === "function" ? canvas.getContext("2d") : null;
    const family = typeof getComputedStyle === "function" && document.body ? getComputedStyle(document.body).fontFamily : "sans-serif";
    if (ctx2d) ctx2d.font = `11px ${family}`;
  } catch {
    ctx2d = null;
  }
  const textWidth = (text: string, size: number) => (ctx2d ? (ctx2d.measureText(text).width * size) / 11 : Array.from(text).length * size * 0.62);
  const dot = (s: number) => $("span", { class: "dot", style: `background:${color(s)}` });
  const nameCell = (s: number, tag = "th") => $(tag, { title: systems[s] }, dot(s), label[s]);

  // Header.
  root.append(
    $(
      "header",
      {},
      $("h1", { text: data.title }),
      $("p", { class: "meta" }, `${S} system${S === 1 ? "" : "s"} × ${data.count} segments · baseline `, $("b", { text: systems[base] }), ` · ${data.created} · ${data.generator}`),
    ),
  );

  // Systems × measures table: the segment-level columns (scores, F-measures); every column on request.
  // Sortable by any column (click a heading; again for the other direction), exportable as CSV and JSON.
  const tableBox = $("div", { class: "wrap" });
  const allCols = $("input", { type: "checkbox", "data-testid": "all-columns" }) as HTMLInputElement;
  const sortState = { key: -1, dir: 1 };
  const annotated = data.measures.some((m: any) => m.annotations && m.annotations.some((a: any) => a && a.pValue !== undefined && a.pValue !== null));
  const drawTable = () => {
    const shown: number[] = [];
    data.measures.forEach((m: any, k: number) => {
      if (allCols.checked || m.segment >= 0) shown.push(k);
    });
    const order = systems.map((_, s) => s);
    if (sortState.key >= 0) {
      const vals = data.measures[sortState.key].corpus;
      order.sort((p, q) => sortState.dir * ((Number.isNaN(vals[p]) ? -Infinity : vals[p]) - (Number.isNaN(vals[q]) ? -Infinity : vals[q])) || p - q);
    }
    const heading = (text: string, key: number, title?: string) =>
      $(
        "th",
        { class: "sortable", "data-sort": key, title, "aria-sort": sortState.key === key ? (sortState.dir > 0 ? "ascending" : "descending") : undefined, onclick: () => sortScores(key) },
        text,
        sortState.key === key ? (sortState.dir > 0 ? " ▲" : " ▼") : "",
      );
    const table = $("table", { class: "scores", "data-testid": "scores" });
    table.append($("thead", {}, $("tr", {}, heading("system", -1), ...shown.map((k) => heading(data.measures[k].label, k, data.metrics[data.measures[k].metric].signature)))));
    const tbody = $("tbody");
    for (const s of order) {
      const tr = $("tr", { "data-system": systems[s] }, $("th", {}, dot(s), systems[s], s === base ? $("span", { class: "tag", text: "baseline" }) : null));
      for (const k of shown) {
        const m = data.measures[k];
        const d = decimalsOf(m.corpus);
        const v = m.corpus[s];
        const best = m.corpus.every((x: number) => (data.metrics[m.metric].higherIsBetter ? x <= v : x >= v));
        const a = m.annotations ? m.annotations[s] : null;
        const td = $("td", { "data-value": String(v), "data-measure": m.label, class: best && S > 1 ? "best" : "" }, fmt(v, d));
        if (a) {
          if (a.pValue !== undefined && a.pValue !== null) {
            td.setAttribute("data-p", String(a.pValue));
            td.setAttribute("data-significant", String(a.significant === true));
            if (a.significant === true) td.append($("span", { class: "star", title: "significantly different from the baseline", text: "*" }));
          }
          if (a.low !== undefined && a.high !== undefined) td.append($("span", { class: "ci", text: ` [${fmt(a.low, d)}, ${fmt(a.high, d)}]` }));
          if (a.pValue !== undefined && a.pValue !== null) td.append($("span", { class: a.significant ? "p sig" : "p", text: ` p = ${a.pValue.toFixed(4)}` }));
          if (a.note) td.setAttribute("title", a.note);
        }
        tr.append(td);
      }
      tbody.append(tr);
    }
    table.append(tbody);
    tableBox.replaceChildren(table);
  };
  const sortScores = (key: number) => {
    if (sortState.key === key) sortState.dir = -sortState.dir;
    else {
      sortState.key = key;
      // Best first: descending for a score, ascending for an error rate; input order for "system".
      sortState.dir = key < 0 || !data.metrics[data.measures[key].metric].higherIsBetter ? 1 : -1;
    }
    drawTable();
  };
  allCols.addEventListener("change", drawTable);
  drawTable();
  // Exports: every column, full precision, with the annotations (interval, p-value, significance).
  const exportRows = () =>
    systems.map((name, s) => {
      const row: Record<string, any> = { system: name, baseline: s === base };
      for (const m of data.measures) {
        row[m.label] = m.corpus[s];
        const a = m.annotations ? m.annotations[s] : null;
        if (a) {
          if (a.low !== undefined) row[`${m.label} low`] = a.low;
          if (a.high !== undefined) row[`${m.label} high`] = a.high;
          if (a.pValue !== undefined && a.pValue !== null) row[`${m.label} p`] = a.pValue;
          if (a.significant !== undefined) row[`${m.label} significant`] = a.significant;
        }
      }
      return row;
    });
  const toCsv = () => {
    const rows = exportRows();
    const keys: string[] = [];
    for (const r of rows) for (const k of Object.keys(r)) if (!keys.includes(k)) keys.push(k);
    return [keys.map(lib.csvField).join(","), ...rows.map((r) => keys.map((k) => lib.csvField(r[k])).join(","))].join("\n") + "\n";
  };
  const toJson = () =>
    JSON.stringify(
      { title: data.title, generator: data.generator, baseline: systems[base], significance: data.annotationNote || undefined, signatures: Object.fromEntries(data.metrics.map((m: any) => [m.name, m.signature])), systems: exportRows() },
      null,
      2,
    ) + "\n";
  const download = (name: string, type: string, text: string) => {
    const a = $("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
    document.body.append(a);
    (a as HTMLAnchorElement).click();
    a.remove();
  };
  const fileStem = (data.title || "report").replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || "report";
  root.append(
    section(
      "table",
      "Scores",
      tableBox,
      $(
        "p",
        { class: "hint" },
        "Corpus scores; the best per column in bold. Click a heading to sort, hover it for its signature. ",
        $("label", {}, allCols, " all columns (precision, recall, brevity penalty, …)"),
        " ",
        $("button", { type: "button", class: "noprint", "data-testid": "export-csv", onclick: () => download(`${fileStem}.csv`, "text/csv", toCsv()) }, "CSV"),
        " ",
        $("button", { type: "button", class: "noprint", "data-testid": "export-json", onclick: () => download(`${fileStem}.json`, "application/json", toJson()) }, "JSON"),
      ),
      annotated
        ? $("p", { class: "hint", "data-testid": "significance-note" }, $("b", { text: "*" }), ` significantly different from the baseline (${systems[base]}), p ≤ 0.05 (sacrebleu's convention). `, data.annotationNote || "")
        : data.annotationNote
          ? $("p", { class: "hint", text: data.annotationNote })
          : null,
    ),
  );

  // The systems' colours and labels, shared by the charts and tables below.
  const legend = $(
    "div",
    { class: "systems-legend", "data-testid": "legend" },
    ...systems.map((name, s) => $("span", { class: "item", title: name, "data-system": name }, dot(s), label[s])),
  );
  const elided =
    short.prefix || short.suffix
      ? $("p", { class: "hint" }, "Labels leave out what every name shares", short.prefix ? [": the prefix ", $("code", { text: short.prefix })] : "", short.suffix ? [short.prefix ? " and the suffix " : ": the suffix ", $("code", { text: short.suffix })] : "", ". Hover a label for the full name.")
      : null;

  // Distributions: a box plot per segment-level measure, one box per system, on an axis with round
  // ticks. Tukey's rule: box from the first to the third quartile, whiskers to the most extreme values
  // within 1.5 × IQR; values beyond are outliers, drawn as points when inside the axis, which spans
  // the whiskers of all systems, and counted by a marker at its end when outside.
  const dist = $("div", { class: "grid" });
  const labelW = Math.min(180, Math.ceil(Math.max(40, ...label.map((l) => textWidth(l, 11)))) + 6);
  // A label still wider than its column (a font wider than measured) is cut until it fits.
  const chartLabel = label.map((l) => {
    let out = l;
    while (textWidth(out, 11) > labelW - 6 && Array.from(out).length > 4) out = cut(out, Array.from(out).length - 1);
    return out;
  });
  for (const seg of data.segmentScores) {
    const plotW = 280;
    const x0 = labelW + 8;
    const W = x0 + plotW + 22;
    const rowH = 18;
    const top = 6;
    const H = top + S * rowH + 26;
    const boxes = seg.values.map((vals: number[]) => {
      const v = Float64Array.from(vals).sort();
      return { v, b: lib.boxStats(v) };
    });
    let lo = Infinity;
    let hi = -Infinity;
    for (const { b } of boxes) {
      if (b.low < lo) lo = b.low;
      if (b.high > hi) hi = b.high;
    }
    const ticks = lib.niceTicks(lo, hi, Math.max(2, Math.floor(plotW / 45)));
    const x = (v: number) => x0 + ((v - ticks.lo) / (ticks.hi - ticks.lo)) * plotW;
    const g = svg("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `${seg.label} per segment, one box per system`, "data-measure": seg.label });
    const axisY = top + S * rowH + 2;
    for (const t of ticks.ticks) {
      g.append(
        svg("line", { class: "grid-line", x1: x(t), x2: x(t), y1: top - 2, y2: axisY, stroke: "currentColor" }),
        svg("text", { class: "tick", x: x(t), y: axisY + 12, "text-anchor": "middle", "font-size": 10, text: t.toFixed(ticks.decimals) }),
      );
    }
    g.append(svg("line", { class: "axis-line", x1: x0, x2: x0 + plotW, y1: axisY, y2: axisY, stroke: "currentColor" }));
    const d = decimalsOf([lo, hi]);
    boxes.forEach(({ v, b }: any, s: number) => {
      const y = top + s * rowH;
      const row = svg("g", { class: "box", "data-system": systems[s] });
      row.append(
        svg("title", {
          text: `${systems[s]}\nmedian ${fmt(b.median, d)}, quartiles ${fmt(b.q1, d)} – ${fmt(b.q3, d)}, whiskers ${fmt(b.low, d)} – ${fmt(b.high, d)}, ${b.lowIndex + v.length - 1 - b.highIndex} outliers of ${v.length}`,
        }),
        svg("text", { class: "label", x: labelW, y: y + 11, "text-anchor": "end", "font-size": 11, text: chartLabel[s] }),
        svg("line", { class: "whisker", x1: x(b.low), x2: x(b.high), y1: y + 7, y2: y + 7, stroke: "currentColor" }),
        svg("line", { class: "whisker", x1: x(b.low), x2: x(b.low), y1: y + 3, y2: y + 11, stroke: "currentColor" }),
        svg("line", { class: "whisker", x1: x(b.high), x2: x(b.high), y1: y + 3, y2: y + 11, stroke: "currentColor" }),
        svg("rect", { x: x(b.q1), y: y + 1, width: Math.max(1, x(b.q3) - x(b.q1)), height: 12, fill: color(s), "fill-opacity": 0.35, stroke: color(s) }),
        svg("line", { x1: x(b.median), x2: x(b.median), y1: y, y2: y + 14, stroke: color(s), "stroke-width": 2 }),
      );
      // Outliers inside the axis as points (one path); those beyond its ends counted by a marker there.
      let path = "";
      let below = 0;
      let above = 0;
      const point = (val: number) => {
        if (val < ticks.lo) below++;
        else if (val > ticks.hi) above++;
        else path += `M${x(val).toFixed(1)} ${y + 7}h0`;
      };
      for (let i = 0; i < b.lowIndex; i++) point(v[i]);
      for (let i = b.highIndex + 1; i < v.length; i++) point(v[i]);
      if (path) row.append(svg("path", { class: "outliers", d: path, stroke: color(s), "stroke-width": 3, "stroke-linecap": "round", "stroke-opacity": 0.55 }));
      if (below > 0) row.append(svg("path", { class: "clipped", d: `M${x0 + 1} ${y + 7}l5 -4v8z`, fill: color(s) }, svg("title", { text: `${below} outlier${below === 1 ? "" : "s"} below ${fmt(ticks.lo, ticks.decimals)} (lowest ${fmt(v[0], d)})` })));
      if (above > 0) row.append(svg("path", { class: "clipped", d: `M${x0 + plotW - 1} ${y + 7}l-5 -4v8z`, fill: color(s) }, svg("title", { text: `${above} outlier${above === 1 ? "" : "s"} above ${fmt(ticks.hi, ticks.decimals)} (highest ${fmt(v[v.length - 1], d)})` })));
      g.append(row);
    });
    dist.append($("figure", {}, $("figcaption", { text: seg.label }), g));
  }
  root.append(
    section(
      "distributions",
      "Segment score distributions",
      legend,
      elided,
      $("p", { class: "hint", text: "Box: quartiles; line: median; whiskers: the most extreme values within 1.5 × IQR of the box (Tukey); dots: outliers; ▸ at an end: outliers beyond the axis (hover for their number)." }),
      dist,
    ),
  );

  // Buckets.
  const bucketTable = (b: any, values: any[], label: string) => {
    const t = $("table", { class: "buckets" });
    t.append($("thead", {}, $("tr", {}, $("th", { text: label }), ...b.labels.map((l: string, k: number) => $("th", { title: `${b.sizes[k]} items`, text: l })))));
    const body = $("tbody");
    body.append($("tr", { class: "sizes" }, $("th", { text: "items" }), ...b.sizes.map((n: number) => $("td", { text: n }))));
    const d = decimalsOf(values.flat().filter((v: any) => v !== null));
    values.forEach((row: any[], s: number) => {
      const max = Math.max(...values.flat().filter((v: any) => v !== null), 1e-9);
      body.append(
        $("tr", {}, nameCell(s), ...row.map((v) => $("td", { class: "bar", style: v === null ? "" : `--w:${Math.round((100 * v) / max)}%;--c:${color(s)}` }, fmt(v, d)))),
      );
    });
    t.append(body);
    return $("div", { class: "wrap" }, t);
  };
  const lb = data.lengthBuckets;
  const lengthPick = $("select", { "aria-label": "measure" }, ...data.segmentScores.map((s: any, i: number) => $("option", { value: i, text: s.label })));
  const lengthBox = $("div");
  const drawLength = () => {
    lengthBox.replaceChildren(bucketTable(lb, lb.values[Number((lengthPick as HTMLSelectElement).value)], "ref. length"));
  };
  lengthPick.addEventListener("change", drawLength);
  drawLength();
  const fb = data.frequencyBuckets;
  root.append(
    section(
      "buckets",
      "Scores by bucket",
      $("h3", {}, `By ${lb.title}: ${lb.value} `, lengthPick),
      lengthBox,
      $("h3", { text: `By ${fb.title}: ${fb.value}` }),
      bucketTable(fb, fb.values[0], "frequency"),
    ),
  );

  // N-gram differences.
  if (data.ngramDiffs.length > 0) {
    const pick = $("select", { "aria-label": "system pair" }, ...data.ngramDiffs.map((d: any, i: number) => $("option", { value: i, title: `${systems[d.a]} vs ${systems[d.b]}`, text: `${label[d.a]} vs ${label[d.b]}` })));
    const box = $("div", { class: "grid" });
    const list = (title: string, rows: any[], a: string, b: string) =>
      $("figure", {}, $("figcaption", { text: title }), $("table", { class: "ngrams" }, $("thead", {}, $("tr", {}, $("th", { text: "n-gram" }), $("th", { text: a }), $("th", { text: b }))), $("tbody", {}, ...rows.map((r) => $("tr", {}, $("td", { class: "ng", text: r[0] }), $("td", { text: r[1] }), $("td", { text: r[2] }))))));
    const draw = () => {
      const d = data.ngramDiffs[Number((pick as HTMLSelectElement).value)];
      const a: string = label[d.a] as string;
      const b: string = label[d.b] as string;
      box.replaceChildren(list(`${a} matches more often`, d.better, a, b), list(`${b} matches more often`, d.worse, a, b));
    };
    pick.addEventListener("change", draw);
    draw();
    root.append(section("ngrams", "N-grams one system matches more often", $("p", { class: "hint" }, "Reference n-grams (1–4 words) matched, clipped per segment, ranked by (a+1)/(a+b+2). ", pick), box));
  }

  // Segment browser.
  // Which segments have match views: buildReport embeds them for the segments whose first
  // segment-level measure spreads most across all systems (or every segment when they are few).
  const viewCount = Object.keys(data.views).length;
  const viewsWhat =
    viewCount === data.count
      ? `all ${viewCount} segments`
      : S < 2 || data.segmentScores.length === 0
        ? `the first ${viewCount} segments`
        : `the ${viewCount} segments whose ${data.segmentScores.length > 0 ? data.segmentScores[0].label : "score"} spreads most across ${S > 2 ? `all ${S} systems` : "the systems"} (highest minus lowest)`;
  const PAGE = 25;
  const st = { measure: 0, a: S > 1 ? (base === 0 ? 1 : 0) : 0, b: base, sort: "index", dir: 1, min: -Infinity, max: Infinity, sign: "", text: "", page: 0, open: -1 };
  const measureSel = $("select", { "data-testid": "seg-measure" }, ...data.segmentScores.map((s: any, i: number) => $("option", { value: i, text: s.label }))) as HTMLSelectElement;
  const sysSel = (v: number, id: string) => {
    const el = $("select", { "data-testid": id }, ...systems.map((n, i) => $("option", { value: i, title: n, text: label[i] }))) as HTMLSelectElement;
    el.value = String(v);
    return el;
  };
  const aSel = sysSel(st.a, "seg-a");
  const bSel = sysSel(st.b, "seg-b");
  const minIn = $("input", { type: "number", step: "any", "data-testid": "seg-min", size: 6 }) as HTMLInputElement;
  const maxIn = $("input", { type: "number", step: "any", "data-testid": "seg-max", size: 6 }) as HTMLInputElement;
  const signSel = $(
    "select",
    { "data-testid": "seg-sign" },
    $("option", { value: "", text: "any" }),
    $("option", { value: "ne", text: "≠ 0 (A and B differ)" }),
    $("option", { value: "gt", text: "> 0 (A higher)" }),
    $("option", { value: "lt", text: "< 0 (B higher)" }),
    $("option", { value: "eq", text: "= 0 (the same score)" }),
  ) as HTMLSelectElement;
  const textIn = $("input", { type: "search", placeholder: "words", "data-testid": "seg-text" }) as HTMLInputElement;
  const info = $("span", { class: "hint", "data-testid": "seg-info" });
  const viewsOnly = $("input", { type: "checkbox", "data-testid": "seg-views" }) as HTMLInputElement;
  const prev = $("button", { text: "‹ prev", "data-testid": "seg-prev" });
  const next = $("button", { text: "next ›", "data-testid": "seg-next" });
  const list = $("table", { class: "segments", "data-testid": "segments" });
  const detail = $("div", { class: "detail", "data-testid": "detail" });
  const headers: [string, string][] = [
    ["index", "#"],
    ["a", "score A"],
    ["b", "score B"],
    ["diff", "Δ (A − B)"],
  ];
  const thead = $("thead");
  const drawHead = () => {
    thead.replaceChildren(
      $("tr", {}, ...headers.map(([key, label]) => $("th", { class: "sortable", "data-sort": key, onclick: () => sortBy(key) }, label, st.sort === key ? (st.dir > 0 ? " ▲" : " ▼") : "")), $("th", { class: "left", text: "hypothesis A" })),
    );
  };
  list.append(thead, $("tbody"));
  const sortBy = (key: string) => {
    if (st.sort === key) st.dir = -st.dir;
    else {
      st.sort = key;
      st.dir = key === "index" ? 1 : -1;
    }
    st.page = 0;
    render();
  };
  let rows: number[] = [];
  const compute = () => {
    const vals = data.segmentScores[st.measure].values;
    const A = vals[st.a];
    const B = vals[st.b];
    const key = (i: number) => (st.sort === "a" ? A[i] : st.sort === "b" ? B[i] : st.sort === "diff" ? A[i] - B[i] : i);
    const needle = st.text.toLowerCase();
    rows = [];
    for (let i = 0; i < data.count; i++) {
      const d = A[i] - B[i];
      if (d < st.min || d > st.max) continue;
      if (st.sign === "ne" ? d === 0 : st.sign === "gt" ? !(d > 0) : st.sign === "lt" ? !(d < 0) : st.sign === "eq" ? d !== 0 : false) continue;
      if (viewsOnly.checked && !data.views[i]) continue;
      if (needle && !(data.hyps[st.a][i].toLowerCase().includes(needle) || data.hyps[st.b][i].toLowerCase().includes(needle) || data.refs[i].some((r: string) => r.toLowerCase().includes(needle)))) continue;
      rows.push(i);
    }
    rows.sort((p, q) => st.dir * (key(p) - key(q)) || p - q);
  };
  const render = () => {
    compute();
    drawHead();
    const vals = data.segmentScores[st.measure].values;
    const d = decimalsOf(vals[st.a].slice(0, 200));
    const pages = Math.max(1, Math.ceil(rows.length / PAGE));
    st.page = Math.min(st.page, pages - 1);
    const body = $("tbody");
    for (const i of rows.slice(st.page * PAGE, st.page * PAGE + PAGE)) {
      const diff = vals[st.a][i] - vals[st.b][i];
      const h = data.hyps[st.a][i];
      body.append(
        $(
          "tr",
          { "data-index": i, class: i === st.open ? "open" : "", onclick: () => openSegment(i) },
          $("td", { title: data.views[i] ? "match views embedded" : undefined }, data.views[i] ? $("span", { class: "has-views", text: "◆ " }) : null, String(i + 1)),
          $("td", { text: fmt(vals[st.a][i], d) }),
          $("td", { text: fmt(vals[st.b][i], d) }),
          $("td", { class: diff > 0 ? "up" : diff < 0 ? "down" : "", "data-diff": diff, text: (diff > 0 ? "+" : "") + fmt(diff, d) }),
          $("td", { class: "text", text: cut(h, 109) }),
        ),
      );
    }
    list.replaceChild(body, list.querySelector("tbody")!);
    info.textContent = `${rows.length} of ${data.count} segments · page ${st.page + 1} of ${pages}`;
    (prev as HTMLButtonElement).disabled = st.page === 0;
    (next as HTMLButtonElement).disabled = st.page >= pages - 1;
  };
  const num = (el: HTMLInputElement, dflt: number) => (el.value.trim() === "" || !Number.isFinite(Number(el.value)) ? dflt : Number(el.value));
  measureSel.addEventListener("change", () => ((st.measure = Number(measureSel.value)), render()));
  aSel.addEventListener("change", () => ((st.a = Number(aSel.value)), render()));
  bSel.addEventListener("change", () => ((st.b = Number(bSel.value)), render()));
  minIn.addEventListener("input", () => ((st.min = num(minIn, -Infinity)), (st.page = 0), render()));
  maxIn.addEventListener("input", () => ((st.max = num(maxIn, Infinity)), (st.page = 0), render()));
  viewsOnly.addEventListener("change", () => ((st.page = 0), render()));
  signSel.addEventListener("change", () => ((st.sign = signSel.value), (st.page = 0), render()));
  textIn.addEventListener("input", () => ((st.text = textIn.value), (st.page = 0), render()));
  prev.addEventListener("click", () => ((st.page = Math.max(0, st.page - 1)), render()));
  next.addEventListener("click", () => ((st.page += 1), render()));

  // The match views of one segment.
  const unpackMarks = (m: any): number[] => (typeof m === "string" ? Array.from(m, (c) => parseInt(c, 36)) : m);
  const drawSide = (side: any, view: any, role: string) => {
    const marks = unpackMarks(side.marks);
    const units: string[] = typeof side.units === "string" ? Array.from(side.units) : side.units;
    const kinds: Record<number, string> = {};
    const max = Math.max(1, ...view.legend.filter((l: any) => l.kind === "match").map((l: any) => l.mark));
    for (const l of view.legend) kinds[l.mark] = l.kind;
    const line = $("div", { class: `units ${view.unit}`, "data-role": role });
    units.forEach((u, i) => {
      const m = marks[i] || 0;
      const k = kinds[m];
      const cls = m === 0 ? "u" : k === "match" ? `u mt` : k === "clip" ? "u cl" : `u ed e${m}`;
      const style = m !== 0 && k === "match" ? `--a:${(0.25 + (0.75 * m) / max).toFixed(2)}` : undefined;
      line.append($("span", { class: cls, "data-mark": m, style, title: m ? view.legend.find((l: any) => l.mark === m)?.label : undefined, text: u }));
      if (view.unit === "token" && i < units.length - 1) line.append(" ");
    });
    return $("div", { class: "side" }, $("div", { class: "label", text: side.label }), line);
  };
  // Shades of one kind of match collapse into one ramp: "1 2 3 4 matched n-gram (darker = longer)".
  const legendItems = (view: any): HTMLElement[] => {
    const matches = view.legend.filter((l: any) => l.kind === "match");
    const max = Math.max(1, ...matches.map((l: any) => l.mark));
    const shade = (m: number) => `--a:${(0.25 + (0.75 * m) / max).toFixed(2)}`;
    const out: HTMLElement[] = [];
    if (matches.length > 2) {
      out.push($("span", {}, ...matches.map((l: any) => $("span", { class: "u mt", style: shade(l.mark), title: l.label, text: ` ${l.mark} ` })), ` ${String(matches[0].label).replace(/\b1-/, "n-")} (darker = higher order)`));
    } else for (const l of matches) out.push($("span", { class: "u mt", style: shade(l.mark), text: l.label }));
    for (const l of view.legend) if (l.kind !== "match") out.push($("span", { class: l.kind === "clip" ? "u cl" : `u ed e${l.mark}`, text: l.label }));
    return out;
  };
  const drawView = (view: any) =>
    $(
      "div",
      { class: "view", "data-metric": view.metric, "data-title": view.title },
      $("h4", { text: view.title }),
      $("p", { class: "summary", text: view.summary }),
      drawSide(view.hypothesis, view, "hypothesis"),
      ...view.references.map((r: any, k: number) => drawSide(r, view, `reference-${k}`)),
      $("div", { class: "legend" }, ...legendItems(view)),
      view.table && view.table.rows.length > 0
        ? $("details", {}, $("summary", { text: `${view.table.rows.length} counted items` }), $("table", { class: "ngrams" }, $("thead", {}, $("tr", {}, ...view.table.columns.map((c: string) => $("th", { text: c })))), $("tbody", {}, ...view.table.rows.map((r: any[]) => $("tr", {}, ...r.map((c) => $("td", { text: c })))))))
        : null,
    );
  const openSegment = (i: number) => {
    st.open = i;
    const views = data.views[i];
    const kids: any[] = [$("h3", { text: `Segment ${i + 1}` })];
    data.refs[i].forEach((r: string, k: number) => kids.push($("p", { class: "ref" }, $("b", { text: `reference ${k + 1}: ` }), r)));
    for (const s of st.a === st.b ? [st.a] : [st.a, st.b]) {
      const box = $("div", { class: "system", "data-system": systems[s] }, $("h4", {}, $("span", { class: "dot", style: `background:${color(s)}` }), systems[s]));
      box.append(
        $("p", { class: "scores-line" }, ...data.segmentScores.map((sc: any) => $("span", { class: "chip" }, `${sc.label} `, $("b", { text: fmt(sc.values[s][i], decimalsOf([sc.values[s][i]])) })))),
      );
      if (views) for (const v of views[s]) box.append(drawView(v));
      else box.append($("p", { class: "hypline" }, $("b", { text: "hypothesis: " }), data.hyps[s][i]), $("p", { class: "hint", text: `Match views are embedded for ${viewsWhat} (marked ◆). For this one, run gramscore explain with the same input and --system ${shellWord(systems[s])} --line ${(data.recordOf && data.recordOf[s] ? data.recordOf[s][i] : i) + 1}.` }));
      kids.push(box);
    }
    detail.replaceChildren(...kids);
    render();
    detail.scrollIntoView({ block: "start" });
  };
  root.append(
    section(
      "segments",
      "Segments",
      $(
        "div",
        { class: "controls" },
        $("label", {}, "measure ", measureSel),
        $("label", { title: "system A" }, "A ", aSel),
        $("label", { title: "system B" }, "B ", bSel),
        $("label", { title: "A's score minus B's, on the chosen measure" }, "Δ ", signSel),
        $("label", {}, "Δ ≥ ", minIn),
        $("label", {}, "Δ ≤ ", maxIn),
        $("label", { title: "A's or B's hypothesis or a reference contains this text (any case)" }, "text in A, B or a reference ", textIn),
        $("label", { title: viewsWhat }, viewsOnly, ` ◆ match views embedded (${Object.keys(data.views).length} segments)`),
        prev,
        next,
        info,
      ),
      $("p", { class: "hint", "data-testid": "views-note" }, `◆ marks the segments whose match views this file holds: ${viewsWhat}. Which segments those are does not depend on A and B, so some have Δ = 0; combine the filters to see, e.g., those where A and B differ.`),
      $("div", { class: "wrap" }, list),
      detail,
    ),
  );
  render();

  // Signatures and command.
  root.append(
    section(
      "signatures",
      "Signatures",
      $("table", { class: "sigs" }, $("tbody", {}, ...data.metrics.map((m: any) => $("tr", {}, $("th", { text: m.name }), $("td", {}, $("code", { text: m.signature })))))),
      data.command ? $("p", {}, "Produced by ", $("code", { text: data.command })) : null,
    ),
  );
}

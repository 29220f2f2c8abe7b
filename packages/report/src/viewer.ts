/// <reference lib="dom" />
/* eslint-disable */
// The report page's script. It is embedded in the HTML as the source text of `reportViewer`
// (Function.prototype.toString), so it must not refer to anything outside its own body.

/**
 * Renders a report into `root` from its data (the page calls it on load). Also usable on its own in
 * a page that has the report's styles. @internal
 */
export function reportViewer(data: any, root: HTMLElement): void {
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
  const PALETTE = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#ca8a04", "#db2777", "#4b5563", "#65a30d", "#7c3aed", "#0d9488", "#b45309", "#be123c", "#1d4ed8", "#15803d"];
  const color = (s: number) => PALETTE[s % PALETTE.length];
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

  // Header.
  root.append(
    $("header", {}, $("h1", { text: data.title }), $("p", { class: "meta" }, `${S} system${S === 1 ? "" : "s"} × ${data.count} segments · baseline `, $("b", { text: systems[base] }), ` · ${data.created} · ${data.generator}`)),
  );

  // Systems × measures table: the segment-level columns (scores, F-measures); every column on request.
  const tableBox = $("div", { class: "wrap" });
  const allCols = $("input", { type: "checkbox", "data-testid": "all-columns" }) as HTMLInputElement;
  const drawTable = () => {
    const shown = data.measures.filter((m: any) => allCols.checked || m.segment >= 0);
    const table = $("table", { class: "scores", "data-testid": "scores" });
    table.append($("thead", {}, $("tr", {}, $("th", { text: "system" }), ...shown.map((m: any) => $("th", { text: m.label, title: data.metrics[m.metric].signature })))));
    const tbody = $("tbody");
    systems.forEach((name, s) => {
      const tr = $("tr", { "data-system": name }, $("th", {}, $("span", { class: "dot", style: `background:${color(s)}` }), name, s === base ? $("span", { class: "tag", text: "baseline" }) : null));
      for (const m of shown) {
        const d = decimalsOf(m.corpus);
        const v = m.corpus[s];
        const best = m.corpus.every((x: number) => (data.metrics[m.metric].higherIsBetter ? x <= v : x >= v));
        const a = m.annotations ? m.annotations[s] : null;
        const td = $("td", { "data-value": String(v), "data-measure": m.label, class: best && S > 1 ? "best" : "" }, fmt(v, d));
        if (a) {
          if (a.low !== undefined && a.high !== undefined) td.append($("span", { class: "ci", text: ` [${fmt(a.low, d)}, ${fmt(a.high, d)}]` }));
          if (a.pValue !== undefined) td.append($("span", { class: a.significant ? "p sig" : "p", text: ` p=${a.pValue.toFixed(4)}` }));
          if (a.note) td.title = a.note;
        }
        tr.append(td);
      }
      tbody.append(tr);
    });
    table.append(tbody);
    tableBox.replaceChildren(table);
  };
  allCols.addEventListener("change", drawTable);
  drawTable();
  root.append(
    section("table", "Scores", tableBox, $("p", { class: "hint" }, "Corpus scores; the best per column in bold. Hover a heading for its signature. ", $("label", {}, allCols, " all columns (precision, recall, brevity penalty, …)"))),
  );

  // Distributions: a box plot per segment-level measure, one box per system.
  const dist = $("div", { class: "grid" });
  for (const seg of data.segmentScores) {
    const W = 380;
    const rowH = 18;
    const H = 24 + S * rowH;
    // Loops, not Math.min(...all): spreading 100k+ values overflows the call stack.
    let lo = Infinity;
    let hi = -Infinity;
    for (const vals of seg.values) for (const v of vals) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (hi === lo) hi = lo + 1;
    const x = (v: number) => 110 + ((v - lo) / (hi - lo)) * (W - 120);
    const g = svg("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img" });
    seg.values.forEach((vals: number[], s: number) => {
      const v = vals.slice().sort((a, b) => a - b);
      const q = (p: number): number => v[Math.min(v.length - 1, Math.floor(p * (v.length - 1)))] as number;
      const y = 8 + s * rowH;
      g.append(
        svg("text", { x: 104, y: y + 11, "text-anchor": "end", "font-size": 11, fill: "#374151", text: cut(systems[s], 16) }),
        svg("line", { x1: x(q(0)), x2: x(q(1)), y1: y + 7, y2: y + 7, stroke: "#9ca3af" }),
        svg("rect", { x: x(q(0.25)), y: y + 1, width: Math.max(1, x(q(0.75)) - x(q(0.25))), height: 12, fill: color(s), "fill-opacity": 0.35, stroke: color(s) }),
        svg("line", { x1: x(q(0.5)), x2: x(q(0.5)), y1: y, y2: y + 14, stroke: color(s), "stroke-width": 2 }),
      );
    });
    const d = decimalsOf([lo, hi]);
    g.append(svg("text", { x: 110, y: H - 2, "font-size": 10, fill: "#6b7280", text: fmt(lo, d) }), svg("text", { x: W - 10, y: H - 2, "font-size": 10, "text-anchor": "end", fill: "#6b7280", text: fmt(hi, d) }));
    dist.append($("figure", {}, $("figcaption", { text: seg.label }), g));
  }
  root.append(section("distributions", "Segment score distributions", $("p", { class: "hint", text: "Box: quartiles; line: median; whiskers: min to max." }), dist));

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
        $("tr", {}, $("th", {}, $("span", { class: "dot", style: `background:${color(s)}` }), systems[s]), ...row.map((v) => $("td", { class: "bar", style: v === null ? "" : `--w:${Math.round((100 * v) / max)}%;--c:${color(s)}` }, fmt(v, d)))),
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
    const pick = $("select", { "aria-label": "system pair" }, ...data.ngramDiffs.map((d: any, i: number) => $("option", { value: i, text: `${systems[d.a]} vs ${systems[d.b]}` })));
    const box = $("div", { class: "grid" });
    const list = (title: string, rows: any[], a: string, b: string) =>
      $("figure", {}, $("figcaption", { text: title }), $("table", { class: "ngrams" }, $("thead", {}, $("tr", {}, $("th", { text: "n-gram" }), $("th", { text: a }), $("th", { text: b }))), $("tbody", {}, ...rows.map((r) => $("tr", {}, $("td", { class: "ng", text: r[0] }), $("td", { text: r[1] }), $("td", { text: r[2] }))))));
    const draw = () => {
      const d = data.ngramDiffs[Number((pick as HTMLSelectElement).value)];
      const a: string = systems[d.a];
      const b: string = systems[d.b];
      box.replaceChildren(list(`${a} matches more often`, d.better, a, b), list(`${b} matches more often`, d.worse, a, b));
    };
    pick.addEventListener("change", draw);
    draw();
    root.append(section("ngrams", "N-grams one system matches more often", $("p", { class: "hint" }, "Reference n-grams (1–4 words) matched, clipped per segment, ranked by (a+1)/(a+b+2). ", pick), box));
  }

  // Segment browser.
  const PAGE = 25;
  const st = { measure: 0, a: S > 1 ? (base === 0 ? 1 : 0) : 0, b: base, sort: "index", dir: 1, min: -Infinity, max: Infinity, text: "", page: 0, open: -1 };
  const measureSel = $("select", { "data-testid": "seg-measure" }, ...data.segmentScores.map((s: any, i: number) => $("option", { value: i, text: s.label }))) as HTMLSelectElement;
  const sysSel = (v: number, id: string) => {
    const el = $("select", { "data-testid": id }, ...systems.map((n, i) => $("option", { value: i, text: n }))) as HTMLSelectElement;
    el.value = String(v);
    return el;
  };
  const aSel = sysSel(st.a, "seg-a");
  const bSel = sysSel(st.b, "seg-b");
  const minIn = $("input", { type: "number", step: "any", placeholder: "min Δ", "data-testid": "seg-min", size: 6 }) as HTMLInputElement;
  const maxIn = $("input", { type: "number", step: "any", placeholder: "max Δ", "data-testid": "seg-max", size: 6 }) as HTMLInputElement;
  const textIn = $("input", { type: "search", placeholder: "text contains…", "data-testid": "seg-text" }) as HTMLInputElement;
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
      else box.append($("p", { class: "hypline" }, $("b", { text: "hypothesis: " }), data.hyps[s][i]), $("p", { class: "hint", text: `Match views are embedded for the ${Object.keys(data.views).length} segments where the systems differ most (marked ◆). For this one, run gramscore explain with the same input and --system ${shellWord(systems[s])} --line ${(data.recordOf && data.recordOf[s] ? data.recordOf[s][i] : i) + 1}.` }));
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
      $("div", { class: "controls" }, $("label", {}, "measure ", measureSel), $("label", {}, "A ", aSel), $("label", {}, "B ", bSel), minIn, maxIn, textIn, $("label", { title: "segments whose matches are marked in this file" }, viewsOnly, " ◆ with match views"), prev, next, info),
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

// coderooms' web view: one script for every page. It asks /ui/api/<page> for the page's data,
// draws its graph with cytoscape.js and its side panel with the DOM (text only, never HTML from
// data), moves on a click, and polls the repos' generation to redraw when the watcher writes.
"use strict";

const POLL_MS = 1500;
const page = location.pathname.replace(/^\/ui\/?/, "").split("/")[0] || "repos";
const state = { cy: null, data: null, generations: null, renders: 0 };
window.coderooms = state; // what the browser tests read

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null) continue;
    if (key === "class") node.className = value;
    else if (key === "href") node.setAttribute("href", value);
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const link = (href, text) => (href ? el("a", { href }, text) : el("span", {}, text));
const tag = (text, warn) => el("span", { class: warn ? "tag warn" : "tag" }, text);
const section = (title, ...body) => [el("h2", {}, title), ...body];
const list = (cls, items, render, empty) =>
  items && items.length
    ? el("ul", { class: cls }, items.map((item) => el("li", {}, render(item))))
    : el("p", { class: `${cls} muted` }, empty || "none");

async function fetchJSON(url) {
  const response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(body.message || `${response.status} ${response.statusText}`);
    error.body = body;
    throw error;
  }
  return body;
}

function crumbs(data) {
  const nav = document.getElementById("crumbs");
  nav.replaceChildren();
  const parts = [];
  if (data.repo) parts.push(link(`/ui/map?repo=${encodeURIComponent(data.repo)}`, data.repo));
  if (data.title) parts.push(data.title);
  parts.forEach((part, i) => nav.append(i ? " › " : "", part));
  document.title = `coderooms · ${data.title || page}`;
}

const STYLE = [
  { selector: "node", style: {
    label: "data(label)", "font-size": 11, "text-valign": "bottom", "text-margin-y": 4,
    "background-color": "#4c6ef5", width: 22, height: 22, color: "#1d1d1f",
    "text-wrap": "ellipsis", "text-max-width": 160 } },
  { selector: "node.file, node[kind = 'file']", style: { shape: "round-rectangle",
    "background-color": "#748ffc" } },
  { selector: "node.dir", style: { shape: "round-rectangle", "background-color": "#91a7ff",
    width: "mapData(code_lines, 0, 5000, 30, 120)", height: "mapData(code_lines, 0, 5000, 24, 80)",
    "text-valign": "center", "text-margin-y": 0, "font-weight": 600 } },
  { selector: "node.member", style: { "background-color": "#a5d8ff" } },
  { selector: "node.test", style: { "background-color": "#2b8a3e" } },
  { selector: "node.ghost", style: { "background-color": "#ced4da", shape: "diamond" } },
  { selector: "node.co-change", style: { "background-color": "#ffd8a8" } },
  { selector: "node.cycle", style: { "border-width": 3, "border-color": "#d6336c" } },
  { selector: "node.seed", style: { "background-color": "#e8590c", width: 34, height: 34,
    "font-weight": 700, "font-size": 13 } },
  { selector: "edge", style: { width: 1.5, "line-color": "#adb5bd", "target-arrow-color": "#adb5bd",
    "target-arrow-shape": "triangle", "curve-style": "bezier", "arrow-scale": 0.8 } },
  { selector: "edge.imports", style: { "line-color": "#91a7ff", "target-arrow-color": "#91a7ff" } },
  { selector: "edge[imports]", style: { width: "mapData(imports, 1, 50, 1.5, 6)" } },
  { selector: "edge.cycle", style: { "line-color": "#d6336c", "target-arrow-color": "#d6336c" } },
  { selector: "edge.co_changes", style: { "line-style": "dashed", "target-arrow-shape": "none",
    "line-color": "#ffa94d" } },
  { selector: "edge.defines", style: { "line-color": "#dee2e6", "target-arrow-shape": "none" } },
  { selector: "edge[label]", style: { label: "data(label)", "font-size": 9, color: "#6b6b70",
    "text-rotation": "autorotate" } },
];

function layoutOf(data) {
  if (data.layout === "columns") {
    return { name: "preset", fit: true, padding: 40, positions: (node) => ({
      x: 320 * (node.data("column") || 0), y: 60 * (node.data("row") || 0) }) };
  }
  if (data.layout === "concentric") {
    return { name: "concentric", fit: true, padding: 30, minNodeSpacing: 30,
      concentric: (node) => (node.hasClass("seed") ? 100 : node.hasClass("member") ? 70
        : 50 - (node.data("hop") || 1)),
      levelWidth: () => 1 };
  }
  return { name: "cose", fit: true, padding: 40, animate: false, randomize: true,
    nodeRepulsion: () => 400000, idealEdgeLength: () => 120, componentSpacing: 120 };
}

function drawGraph(data) {
  const container = document.getElementById("graph");
  if (state.cy) state.cy.destroy();
  state.cy = null;
  container.dataset.nodes = "0";
  if (!data.elements) return;
  const cy = cytoscape({ container, elements: data.elements, style: STYLE,
    layout: layoutOf(data), minZoom: 0.1, maxZoom: 1.5 });
  cy.on("tap", "node", (event) => {
    const href = event.target.data("href");
    if (href) location.href = href;
  });
  state.cy = cy;
  container.dataset.nodes = String(cy.nodes().length);
  container.dataset.edges = String(cy.edges().length);
  const legend = document.getElementById("legend");
  legend.textContent = `${data.nodes} nodes, ${data.edges} edges` +
    (data.left_out_nodes ? ` (${data.left_out_nodes} left out)` : "") + " · click a node to move";
}

const symbolRow = (item) => [link(item.href || symbolHref(item.id), item.qualname || item.id),
  item.path ? el("span", { class: "muted" }, ` ${item.path}:${item.line ?? ""}`) : null,
  item.ghost ? tag("ghost") : null];
const symbolHref = (id) => (id && !id.includes(":?:") ? `/ui/symbol?id=${encodeURIComponent(id)}` : null);
const fileHref = (repo, path) => `/ui/surgical?repo=${encodeURIComponent(repo)}&path=${encodeURIComponent(path)}`;
const testRow = (repo) => (t) => [link(fileHref(repo, t.path), t.path),
  t.hop !== undefined ? tag(`hop ${t.hop}`) : null, t.names ? ` ${t.names.join(", ")}` : ""];
const coChangeRow = (repo) => (c) => [link(fileHref(repo, c.path), c.path), tag(`×${c.weight}`)];

function sourceBlock(source) {
  const pre = el("pre", { id: "source" });
  const lines = source.text.replace(/\n$/, "").split("\n");
  lines.forEach((text, i) => pre.append(el("span", { class: "line" },
    el("span", { class: "no" }, source.start_line + i), text)));
  return pre;
}

const PANELS = {
  repos: (d) => [el("h1", {}, "repositories"),
    list("repos", d.repos, (r) => [link(r.href, r.repo), tag(`generation ${r.generation}`)],
      "no repository under this server's roots")],
  symbol: (d) => {
    const s = d.symbol;
    return [el("h1", { id: "symbol-name" }, s.qualname || s.name), tag(s.kind),
      el("p", { class: "muted" }, link(fileHref(s.repo, s.path), s.path), `:${s.start_line}–${s.end_line}`),
      s.signature ? el("p", {}, el("code", {}, s.signature)) : null,
      s.doc ? el("p", {}, s.doc) : null,
      el("p", {}, link(d.impact_href, "what a change here reaches (impact) →")),
      ...section("source", sourceBlock(d.source)),
      ...section(`callers (${d.callers.total})`, list("callers", d.callers.items, symbolRow)),
      ...section(`callees (${d.callees.total})`, list("callees", d.callees.items, symbolRow)),
      ...section("tests that reach it" + (d.lower_bound ? " (lower bound)" : ""),
        list("tests", d.tests, testRow(s.repo))),
      ...section("co-change partners", list("co-changes", d.co_changes, coChangeRow(s.repo))),
      ...section("notes", d.notes.available
        ? list("notes", d.notes.items, (n) => [n.text, n.agent ? tag(n.agent) : null,
            n.state && n.state !== "fresh" ? tag(n.state) : null])
        : el("p", { class: "notes muted" }, "this server keeps no notes"))];
  },
  impact: (d) => [el("h1", {}, d.title), d.lower_bound ? tag("lower bound", true) : null,
    el("p", { class: "muted" }, `${d.affected.shown} of ${d.affected.total} affected, depth ${d.depth}`,
      " · by hop: ", Object.entries(d.affected.by_hop).map(([h, n]) => `${h}: ${n}`).join(", ")),
    ...section("tests", list("tests", d.tests, testRow(d.repo))),
    ...section("co-change partners", list("co-changes", d.co_changes, coChangeRow(d.repo)))],
  surgical: (d) => [el("h1", {}, d.path), tag(`${d.lines} lines`), tag(`disk: ${d.disk.state || "?"}`),
    ...section("tests", list("tests", d.tests, (t) => [link(fileHref(d.repo, t.path), t.path),
      tag(`${t.calls} calls`), t.imports ? tag("imports") : null])),
    ...section("importers", list("importers", d.importers, (i) => link(fileHref(d.repo, i.path), i.path))),
    ...section("co-change partners", list("co-changes", d.co_changes, coChangeRow(d.repo)))],
  perspective: (d) => [el("h1", {}, d.focus.name || d.focus.node_id), tag(d.focus.label),
    d.rebuilt ? tag("graph moved: routes rebuilt", true) : null,
    ...section("routes", list("routes", d.routes, (r) => [`${r.index}. `, tag(r.family), ` ${r.relation} `,
      link(symbolHref(r.target), r.label), tag(r.score)]))],
  map: (d) => [el("h1", {}, d.repo), tag(`depth ${d.depth}`),
    ...section("import cycles", list("cycles", d.cycles, (c) => [tag("cycle", true), ` ${c.join(" ⇄ ")}`],
      "no cycle between directories")),
    ...(d.directory ? section(`files in ${d.directory.dir}`, list("files", d.directory.files, (f) => [
      link(f.href, f.path), tag(`${f.lines} lines`),
      f.symbols.length ? el("ul", {}, f.symbols.map((s) => el("li", {}, "  ", link(s.href, s.qualname), tag(s.kind)))) : null]))
      : [el("p", { class: "muted" }, "click a directory to list its files")])],
};

function render(data) {
  state.data = data;
  crumbs(data);
  drawGraph(data);
  const panel = document.getElementById("panel");
  panel.replaceChildren(...(PANELS[data.page] || (() => []))(data).filter((part) => part));
  state.renders += 1;
  document.body.dataset.page = data.page;
  document.body.dataset.renders = String(state.renders);
}

function showError(error) {
  const panel = document.getElementById("panel");
  const body = error.body || {};
  panel.replaceChildren(el("h1", { class: "error" }, body.error || "error"),
    el("p", { id: "error-message" }, error.message), el("p", { class: "muted" }, body.hint || ""));
  document.body.dataset.page = "error";
}

async function load() {
  try {
    render(await fetchJSON(`/ui/api/${page}${location.search}`));
  } catch (error) {
    showError(error);
  }
}

async function poll() {
  const live = document.getElementById("live");
  try {
    const { generations } = await fetchJSON("/ui/api/generation");
    const now = JSON.stringify(generations);
    live.classList.remove("down");
    if (state.generations !== null && now !== state.generations) {
      await load();
      live.textContent = "updated";
      live.classList.add("updated");
      setTimeout(() => { live.textContent = "live"; live.classList.remove("updated"); }, 1500);
    }
    state.generations = now;
  } catch (error) {
    live.classList.add("down");
  }
  setTimeout(poll, POLL_MS);
}

load().then(poll);

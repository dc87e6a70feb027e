"use strict";
const $ = (id) => document.getElementById(id);
const MAX_ENTRIES = 300;
const state = { routes: [], route: null, view: "preview", entries: new Map(), order: [], screen: null, browserActualSize: false, live: null };
let tokenWaiters = [];

function authHeaders(extra) {
  const headers = Object.assign({}, extra || {});
  const token = sessionStorage.getItem("beagleMockToken");
  if (token) headers["Authorization"] = "Bearer " + token;
  return headers;
}
function askToken() {
  return new Promise((resolve) => {
    tokenWaiters.push(resolve);
    if (!$("tokenDialog").open) { $("tokenInput").value = ""; $("tokenDialog").showModal(); $("tokenInput").focus(); }
  });
}
$("tokenForm").addEventListener("submit", () => {
  sessionStorage.setItem("beagleMockToken", $("tokenInput").value.trim());
  const waiters = tokenWaiters; tokenWaiters = []; waiters.forEach((w) => w());
});
async function api(path, options) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const init = Object.assign({}, options || {});
    init.headers = authHeaders(init.headers);
    const response = await fetch(path, init);
    if (response.status === 401) { await askToken(); continue; }
    return response;
  }
  throw new Error("the admin token was refused");
}
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value; else if (key === "style") Object.assign(node.style, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value); else node.setAttribute(key, value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child.nodeType ? child : String(child));
  return node;
}

// ---- settings ----
function describeSettings(s) {
  const parts = [];
  if (s.profile) parts.push("profile " + s.profile);
  if (s.latency) parts.push("latency " + s.latency);
  if (s.bandwidth) parts.push("bandwidth " + s.bandwidth);
  if (s.faults) parts.push("faults " + (s.faults.length ? s.faults.join(", ") : "none"));
  if (s.seed !== null && s.seed !== undefined) parts.push("seed " + s.seed);
  return parts.length ? "Runtime settings in force: " + parts.join(" · ") : "No runtime settings: the flags and the config file decide";
}
async function loadSettings() {
  const response = await api("/__admin/settings");
  const s = await response.json();
  $("inForce").textContent = describeSettings(s);
  $("profile").value = s.profile || "";
  $("latency").value = s.latency || "";
  $("bandwidth").value = s.bandwidth || "";
  $("faults").value = (s.faults || []).join("\n");
  $("seed").value = s.seed === null || s.seed === undefined ? "" : s.seed;
}
$("settingsForm").addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = {};
  const profile = $("profile").value; if (profile) body.profile = profile;
  const latency = $("latency").value.trim(); if (latency) body.latency = latency;
  const bandwidth = $("bandwidth").value.trim(); if (bandwidth) body.bandwidth = bandwidth;
  const faults = $("faults").value.split("\n").map((f) => f.trim()).filter(Boolean); if (faults.length) body.faults = faults;
  const seed = $("seed").value.trim();
  if (seed) { if (!/^\d+$/.test(seed)) { $("settingsMessage").textContent = "seed: a whole number"; return; } body.seed = Number(seed); }
  const response = await api("/__admin/settings", { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const answer = await response.json();
  if (response.ok) { $("settingsMessage").textContent = "Applied."; $("inForce").textContent = describeSettings(answer); }
  else { $("settingsMessage").textContent = (answer.field ? answer.field + ": " : "") + answer.error; }
});
$("reset").addEventListener("click", async () => {
  const response = await api("/__admin/reset", { method: "POST" });
  $("settingsMessage").textContent = response.ok ? "Reset: settings, journal, scenarios and timelines." : "Reset failed: " + response.status;
  state.entries.clear(); state.order = []; renderJournal();
  await loadSettings(); await loadTimelines();
});

// ---- routes ----
async function loadRoutes() {
  const response = await api("/__admin/routes");
  const report = await response.json();
  state.routes = (report.routes || []).filter((r) => r.kind === "screen");
  renderRoutes();
  const wanted = decodeURIComponent(location.hash.slice(1));
  const first = state.routes.find((r) => r.path === wanted) || state.routes.find((r) => r.path === "/home") || state.routes[0];
  if (first && !state.route) selectRoute(first.path);
}
function routeDiagnostics(route) {
  let errors = 0, warnings = 0;
  for (const d of route.diagnostics || []) { if (d.severity === "error") errors++; else warnings++; }
  return { errors, warnings };
}
function routeFiles(route) {
  return [route.file].concat((route.platforms || []).map((p) => p.file), (route.methods || []).flatMap((m) => [m.file].concat((m.platforms || []).map((p) => p.file)))).filter(Boolean);
}
function routeParameters(route) { return (route.path.match(/\[[^\]]+\]/g) || []).map((p) => p.slice(1, -1)); }
function renderRoutes() {
  const filter = $("routeFilter").value.trim();
  const list = $("routeList"); list.replaceChildren();
  for (const route of state.routes) {
    if (filter && !route.path.includes(filter)) continue;
    const counts = routeDiagnostics(route);
    const methods = (route.file || (route.platforms || []).length ? ["GET"] : []).concat((route.methods || []).map((m) => m.method));
    const variants = (route.platforms || []).map((p) => p.platform);
    const parameters = routeParameters(route);
    const button = el("button", { type: "button", "aria-current": String(route.path === state.route), onclick: () => selectRoute(route.path) },
      route.path,
      counts.errors ? el("span", { class: "badge bad" }, counts.errors + " error" + (counts.errors > 1 ? "s" : "")) : null,
      counts.warnings ? el("span", { class: "badge warn" }, counts.warnings + " warning" + (counts.warnings > 1 ? "s" : "")) : null,
      el("small", {}, methods.join(" ") + (variants.length ? " · " + variants.join(" ") : "") + (parameters.length ? " · params " + parameters.join(", ") : "")));
    list.append(el("li", {}, button));
  }
}
$("routeFilter").addEventListener("input", renderRoutes);
function platform() { return document.querySelector("input[name=platform]:checked").value; }
document.querySelectorAll("input[name=platform]").forEach((radio) => radio.addEventListener("change", () => state.route && selectRoute(state.route)));
async function selectRoute(route) {
  state.route = route;
  history.replaceState(null, "", "#" + encodeURIComponent(route));
  renderRoutes();
  $("detailTitle").textContent = route;
  $("livePath").value = route;
  $("liveMessage").textContent = "";
  markOnDevices();
  const query = "route=" + encodeURIComponent(route) + (platform() ? "&platform=" + platform() : "");
  const response = await api("/__admin/screen?" + query);
  const screen = await response.json();
  if (state.route !== route) return;
  state.screen = response.ok ? screen : null;
  const info = state.routes.find((r) => r.path === route);
  $("routeInfo").textContent = response.ok
    ? screen.file + " for " + (screen.platform || "a client without beagle-platform") + (info ? " · route files: " + routeFiles(info).join(", ") : "")
    : screen.error;
  renderDiagnostics(response.ok ? screen.diagnostics : []);
  renderViews();
}
function renderDiagnostics(list) {
  const box = $("diagnostics"); box.replaceChildren();
  for (const d of list) box.append(el("div", { class: "diag " + (d.severity === "error" ? "bad" : "warn") }, d.file + ":" + d.line + ":" + d.column + ": " + d.severity + ": " + d.message));
}
for (const view of ["preview", "outline", "json"]) {
  $("tab-" + view).addEventListener("click", () => { state.view = view; renderViews(); });
}
function renderViews() {
  for (const view of ["preview", "outline", "json"]) {
    $("tab-" + view).setAttribute("aria-selected", String(view === state.view));
    $(view).hidden = view !== state.view;
  }
  const screen = state.screen;
  for (const view of ["preview", "outline", "json"]) $(view).replaceChildren();
  if (!screen) return;
  $("json").append(jsonView(screen));
  if (!screen.isJSON) {
    const note = el("p", { class: "bad" }, "This file is not valid JSON: no preview. See the diagnostics above.");
    $("preview").append(note); $("outline").append(note.cloneNode(true));
    return;
  }
  const root = JSON.parse(screen.body);
  $("preview").append(screen.platform === "WEB" ? browserFrame(screen, renderComponent(root)) : phoneFrame(screen, renderComponent(root)));
  fitBrowserFrame();
  $("outline").append(el("ul", {}, outlineNode(root, "root")));
}
function jsonView(screen) {
  let text = screen.body;
  if (screen.isJSON) { try { text = JSON.stringify(JSON.parse(screen.body), null, 2); } catch (e) { } }
  return el("pre", { class: "json", "aria-label": "JSON of " + screen.route, tabindex: "0" }, text.split("\n").map((line) => el("span", { class: "l" }, line)));
}

// ---- preview: Beagle components as boxes ----
function unit(value) {
  if (!value || typeof value !== "object") return undefined;
  if (value.type === "PERCENT") return value.value + "%";
  if (value.type === "AUTO") return "auto";
  return value.value + "px";
}
function edges(style, name, target) {
  const e = style[name]; if (!e) return;
  const all = unit(e.all), h = unit(e.horizontal), v = unit(e.vertical);
  target[name + "Top"] = unit(e.top) || v || all; target[name + "Bottom"] = unit(e.bottom) || v || all;
  target[name + "Left"] = unit(e.left) || unit(e.start) || h || all; target[name + "Right"] = unit(e.right) || unit(e.end) || h || all;
}
const FLEX = { FLEX_START: "flex-start", CENTER: "center", FLEX_END: "flex-end", SPACE_BETWEEN: "space-between", SPACE_AROUND: "space-around", SPACE_EVENLY: "space-evenly", STRETCH: "stretch", BASELINE: "baseline" };
function cssOf(node) {
  const style = node.style || {}, css = {};
  if (typeof style.backgroundColor === "string" && !style.backgroundColor.startsWith("@")) css.background = style.backgroundColor;
  if (style.cornerRadius && typeof style.cornerRadius.radius === "number") css.borderRadius = style.cornerRadius.radius + "px";
  if (style.borderWidth) css.border = style.borderWidth + "px solid " + (style.borderColor || "#000");
  if (style.size) { css.width = unit(style.size.width); css.height = unit(style.size.height); css.minHeight = unit(style.size.minHeight); css.maxWidth = unit(style.size.maxWidth); }
  edges(style, "margin", css); edges(style, "padding", css);
  const flex = style.flex || {};
  if (flex.flexDirection) css.flexDirection = flex.flexDirection.toLowerCase().replace("_", "-");
  if (flex.justifyContent) css.justifyContent = FLEX[flex.justifyContent];
  if (flex.alignItems) css.alignItems = FLEX[flex.alignItems];
  if (flex.alignSelf) css.alignSelf = FLEX[flex.alignSelf];
  if (typeof flex.grow === "number") css.flexGrow = flex.grow;
  if (typeof flex.shrink === "number") css.flexShrink = flex.shrink;
  if (flex.flexWrap === "WRAP") css.flexWrap = "wrap";
  if (style.display === "NONE") css.display = "none";
  if (typeof node.textColor === "string" && !node.textColor.startsWith("@")) css.color = node.textColor;
  if (node.alignment) css.textAlign = node.alignment.toLowerCase();
  return css;
}
function text(value) { return typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value); }
// Where Beagle would fetch an image from, as its UrlBuilder builds it: a path starting with "/" is
// the mock's own; anything else is used as it is. A local image is an asset of the app, which the
// page cannot see.
function imageSource(path) {
  if (!path || typeof path !== "object") return { missing: "no image path" };
  if (path._beagleImagePath_ === "local") return { missing: "the app's own image", label: [path.mobileId, path.webUrl].filter((v) => typeof v === "string").join(" · ") };
  const url = typeof path.url === "string" ? path.url : "";
  if (!url || url.startsWith("@")) return { missing: "image from an expression", label: url || text(path.url) };
  if (url.startsWith("/")) return { url };
  let absolute = null;
  try { absolute = new URL(url); } catch (error) { }
  if (!absolute) return { missing: "a relative path Beagle cannot load", label: url };
  // The page's policy loads images from this server only.
  if (absolute.origin !== location.origin && absolute.protocol !== "data:") return { missing: "a remote image the dashboard does not load", label: url };
  return { url };
}
function imageURL(path) { return imageSource(path).url || null; }
function imagePlaceholder(why, label, css) {
  return el("div", { class: "b-placeholder", role: "img", "aria-label": "image: " + why + ": " + label, style: css },
    el("div", { class: "b-label" }, "image · " + why), el("div", { class: "b-url" }, label));
}
// An image the page may not load becomes a placeholder that names it, not a broken image.
function imageElement(node, css) {
  const source = imageSource(node.path);
  if (!source.url) return imagePlaceholder(source.missing, source.label, css);
  const fit = { CENTER_CROP: "cover", FIT_CENTER: "contain", FIT_XY: "fill", CENTER: "none" }[node.mode] || "contain";
  const image = el("img", { class: "b-image", src: source.url, alt: (node.accessibility && node.accessibility.accessibilityLabel) || "image", style: Object.assign({ objectFit: fit }, css) });
  image.addEventListener("error", () => image.replaceWith(imagePlaceholder("not served", source.url, css)), { once: true });
  return image;
}
// Beagle 2.x's component types, handed over by the server from the catalogue `validate` uses.
const KNOWN_COMPONENTS = new Set((document.body.dataset.beagleComponents || "").split(" ").filter(Boolean).map((name) => name.toLowerCase()));
// Beagle decodes a type it does not know (a custom one, a misspelt one, one of Beagle 1.x) as one
// unknown component and reads nothing of it but its name: one box, its type name, no children,
// no style.
function unknownComponent(node) {
  const name = node._beagleComponent_ === undefined ? "no _beagleComponent_" : text(node._beagleComponent_);
  return el("div", { class: "b-unknown", title: "Beagle 2.x does not know this type: it draws nothing for it (a label in debug builds)" },
    el("div", { class: "b-label" }, name));
}
function renderComponent(node) {
  if (Array.isArray(node)) return el("div", { class: "b-container" }, node.map(renderComponent));
  if (!node || typeof node !== "object") return el("span", {}, text(node));
  const type = String(node._beagleComponent_ || "").toLowerCase();
  const css = cssOf(node);
  if (!KNOWN_COMPONENTS.has(type)) return unknownComponent(node);
  const kids = (list) => (Array.isArray(list) ? list : list ? [list] : []).map(renderComponent);
  switch (type) {
    case "beagle:screencomponent":
      return el("div", { class: "b-screen", style: css },
        node.navigationBar ? el("div", { class: "navbar" }, text(node.navigationBar.title)) : null, kids(node.child));
    case "beagle:container": case "beagle:simpleform":
      return el("div", { class: "b-container", style: css }, kids(node.children));
    case "beagle:scrollview": {
      const box = el("div", { class: "b-scroll", style: css }, kids(node.children));
      if (node.scrollDirection === "HORIZONTAL") box.style.flexDirection = "row";
      return box;
    }
    case "beagle:pulltorefresh": return el("div", { class: "b-container", style: css }, kids(node.child));
    case "beagle:text": return el("div", { class: "b-text", style: css }, text(node.text));
    case "beagle:image": return imageElement(node, css);
    case "beagle:button": return el("button", { class: "b-button", type: "button", tabindex: "-1", style: css }, text(node.text));
    case "beagle:textinput": return el("input", { class: "b-input", tabindex: "-1", placeholder: text(node.placeholder), value: text(node.value), "aria-label": text(node.placeholder) || "text input", style: css });
    case "beagle:touchable": return el("div", { class: "b-container", style: Object.assign({ cursor: "pointer" }, css) }, kids(node.child));
    case "beagle:listview": case "beagle:gridview": {
      const templates = (node.templates || []).map((t) => t.view).concat(node.template ? [node.template] : []);
      const items = Array.isArray(node.dataSource) ? node.dataSource.length : "@{…}";
      return el("div", { class: "b-list", style: css }, el("div", { class: "b-label" }, type.slice(7) + " · " + items + " items, template:"), kids(templates));
    }
    case "beagle:tabbar": return el("div", { class: "b-tabs", style: css }, (node.items || []).map((item) => el("span", {}, text(item.title) || "tab")));
    case "beagle:pageview": {
      const pages = node.children || [];
      return el("div", { class: "b-container", style: css }, pages.length ? renderComponent(pages[0]) : null, el("div", { class: "b-dots" }, pages.map((_, i) => (i ? "○" : "●")).join("")));
    }
    case "beagle:pageindicator": return el("div", { class: "b-dots", style: css }, "● ○ ○");
    case "beagle:lazycomponent":
      return el("div", { class: "b-lazy", style: css }, el("div", { class: "b-label" }, "lazy " + text(node.path)), kids(node.initialState));
    case "beagle:webview":
      return el("div", { class: "b-placeholder", style: css }, el("div", { class: "b-label" }, "web view"), el("div", { class: "b-url" }, text(node.url)));
    default:
      return el("div", { class: "b-lazy", style: css }, el("div", { class: "b-label" }, text(node._beagleComponent_) + " · not drawn by the preview"));
  }
}

// ---- preview frames: a phone, or a browser window for the Web ----
// Published web screens give their containers fixed widths of up to about 1,380 px: the Web is
// laid out in a window of a desktop browser's width, shown scaled to fit the column.
const BROWSER_WIDTH = 1440;
const CAPTION = "preview, not Beagle's renderer";
function phoneFrame(screen, content) {
  return el("div", { class: "device", role: "img", "aria-label": "Preview of " + screen.route }, el("div", { class: "caption" }, CAPTION), content);
}
function browserFrame(screen, content) {
  const toggle = el("button", { type: "button", class: "plain", "aria-pressed": String(state.browserActualSize), onclick: () => { state.browserActualSize = !state.browserActualSize; renderViews(); } }, "Actual size");
  return el("div", { class: "browser-window" },
    el("div", { class: "caption" }, el("span", { id: "browserScale" }), " · " + CAPTION + " ", toggle),
    el("div", { class: "browser-viewport" }, el("div", { class: "browser", role: "img", "aria-label": "Preview of " + screen.route + " in a browser window", style: { width: BROWSER_WIDTH + "px" } }, content)));
}
function fitBrowserFrame() {
  const viewport = document.querySelector("#preview .browser-viewport"), browser = document.querySelector("#preview .browser");
  if (!viewport || !viewport.clientWidth) return;
  const scale = state.browserActualSize ? 1 : Math.min(1, viewport.clientWidth / BROWSER_WIDTH);
  if (browser.style.zoom !== String(scale)) browser.style.zoom = String(scale);
  $("browserScale").textContent = "Web: a browser window " + BROWSER_WIDTH + " px wide, shown at " + Math.round(scale * 100) + "%";
}
new ResizeObserver(fitBrowserFrame).observe($("preview"));

// ---- outline: the component tree ----
const NAVIGATION = ["beagle:pushview", "beagle:pushstack", "beagle:resetapplication", "beagle:resetstack", "beagle:popview", "beagle:opennativeroute"];
function targetsOf(value, found) {
  if (Array.isArray(value)) { value.forEach((v) => targetsOf(v, found)); return found; }
  if (!value || typeof value !== "object") return found;
  const action = String(value._beagleAction_ || "").toLowerCase();
  if (NAVIGATION.includes(action) && value.route && typeof value.route.url === "string") found.push({ action: value._beagleAction_, url: value.route.url });
  if (action === "beagle:sendrequest" && typeof value.url === "string") found.push({ action: value._beagleAction_ + " " + (value.method || "GET"), url: value.url });
  for (const [key, child] of Object.entries(value)) if (key !== "child" && key !== "children") targetsOf(child, found);
  return found;
}
function outlineNode(node, label) {
  if (!node || typeof node !== "object") return el("li", {}, label + ": " + text(node));
  const type = node._beagleComponent_ || (Array.isArray(node) ? "[list]" : "(data)");
  const line = el("li", {}, el("code", {}, type));
  if (node.text !== undefined) line.append(" “" + text(node.text).slice(0, 60) + "”");
  const url = imageURL(node.path);
  if (url) line.prepend(el("img", { src: url, alt: "", onerror: (e) => e.target.remove() }));
  for (const target of targetsOf(Object.fromEntries(Object.entries(node).filter(([k]) => k !== "child" && k !== "children")), [])) {
    const known = state.routes.some((r) => r.path === target.url);
    line.append(" → ", known ? el("a", { href: "#" + encodeURIComponent(target.url), onclick: (e) => { e.preventDefault(); selectRoute(target.url); } }, target.url) : el("span", { class: "muted" }, target.url), el("span", { class: "muted" }, " (" + target.action + ")"));
  }
  const children = [].concat(node.child ? [node.child] : [], Array.isArray(node.children) ? node.children : [], (node.templates || []).map((t) => t.view).filter(Boolean));
  if (children.length) line.append(el("ul", {}, children.map((c) => outlineNode(c, "child"))));
  return line;
}

// ---- Live Preview: the devices, the screen on them, showing another ----
const PLATFORM_NAMES = { IOS: "iOS", ANDROID: "Android", WEB: "Web" };
// Whether the route picked here (a file's route, `/product/[id]`) answers `path` (`/product/42`).
function routeAnswers(route, path) {
  if (!route || !path) return false;
  if (route === path) return true;
  const pattern = route.split(/(\[[^\]]+\])/).map((part) => part.startsWith("[") ? "[^/]+" : part.replace(/[.*+?^${}()|\\]/g, "\\$&")).join("");
  return new RegExp("^" + pattern + "$").test(path);
}
function markOnDevices() {
  const live = state.live;
  $("onDevices").hidden = !(live && live.route && routeAnswers(state.route, live.route));
}
async function loadLivePreview() {
  const response = await api("/__admin/live-preview");
  showLive(response.ok ? await response.json() : null);
}
// The panel shows `live` (the answer of GET /__admin/live-preview, or null when the server does not
// serve Live Preview). After a save the preview redraws, as the devices do; when the screen on the
// devices changes, the page shows it, as a device would.
function showLive(live) {
  const previous = state.live;
  state.live = live;
  $("livePanel").hidden = !live;
  markOnDevices();
  if (!live) return;
  const route = live.route;
  $("liveScreen").replaceChildren(...(route
    ? ["On the devices: ", el("a", { href: "#" + encodeURIComponent(route), id: "liveRoute" }, route),
      el("span", { class: "muted" }, live.pinned ? " · pinned " : " · the screen saved last")]
      .concat(live.pinned ? [el("button", { type: "button", class: "plain", id: "unpin", onclick: unpin }, "Unpin")] : [])
    : [el("span", { class: "muted" }, "Nothing on the devices yet: save a screen file, or show a route from here.")]));
  $("liveProblem").hidden = !live.problem;
  $("liveProblem").textContent = live.problem ? "Not sent, the devices keep what they show: " + live.problem : "";
  const devices = live.devices || [];
  $("deviceCount").textContent = "(" + devices.length + " connected)";
  $("deviceBody").replaceChildren(...(devices.length ? devices.map((device) => {
    const since = new Date(device.since);
    return el("tr", { title: "upgrade path " + device.path },
      el("td", {}, PLATFORM_NAMES[device.platform] || device.platform), el("td", {}, device.address || "unknown"),
      el("td", { title: device.since }, isNaN(since) ? device.since : since.toLocaleTimeString()));
  }) : [el("tr", {}, el("td", { colspan: "3", class: "muted" }, "No device is connected (Docs/LivePreview.md says how to connect one)."))]));
  if (!previous || !route) return;
  if (route !== previous.route) selectRoute(route);
  else if (live.saves !== previous.saves && state.route) { loadRoutes(); selectRoute(state.route); }
}
async function changeLive(init, done) {
  const response = await api("/__admin/live-preview", init);
  const answer = await response.json();
  if (response.ok) { $("liveMessage").textContent = done; showLive(answer); }
  else $("liveMessage").textContent = (answer.field ? answer.field + ": " : "") + answer.error;
}
$("showForm").addEventListener("submit", (event) => {
  event.preventDefault();
  const path = $("livePath").value.trim();
  const parameter = path.match(/\[[^\]]+\]/);
  if (parameter) { $("liveMessage").textContent = "Put a value in place of " + parameter[0] + ", like " + path.replace(parameter[0], "42"); $("livePath").focus(); return; }
  changeLive({ method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ route: path }) }, "Shown on the devices, pinned until you unpin it.");
});
function unpin() { changeLive({ method: "DELETE" }, "Unpinned: the devices show the screen saved last."); }

// ---- timelines: the stages as a bar, the current one moving ----
// Each run as GET /__admin/timeline gave it, and when: the page moves the clocks itself between
// reads, as the server does (a moment on a boundary belongs to the stage that begins there).
const timelines = { named: [], runs: [], readAt: 0 };
function timelinePosition(run, elapsed) {
  if (run.ttlMs !== null && elapsed >= run.ttlMs) return null;
  const length = run.stages.reduce((sum, stage) => sum + stage.forMs, 0);
  let offset = elapsed;
  if (offset >= length) {
    if (!run.loop) return run.end === "hold" ? { index: run.stages.length - 1, offset: length, length, left: null } : null;
    offset %= length;
  }
  let start = 0;
  for (let index = 0; index < run.stages.length; index++) {
    const stage = run.stages[index];
    if (offset < start + stage.forMs) return { index, offset, length, left: start + stage.forMs - offset };
    start += stage.forMs;
  }
  return null;
}
function seconds(ms) { return ms >= 60000 ? (ms / 60000).toFixed(1) + " min" : (ms / 1000).toFixed(1) + " s"; }
function renderTimelines() {
  const select = $("timelineName"), chosen = select.value;
  select.replaceChildren(...timelines.named.map((name) => el("option", { value: name }, name)));
  if (timelines.named.includes(chosen)) select.value = chosen;
  $("timelineStart").disabled = !timelines.named.length;
  if (!timelines.named.length) $("timelineMessage").textContent = "The config file names no timeline (timeline: in beagle-mock.yml; Docs/Timelines.md).";
  $("timelineStop").disabled = !timelines.runs.length;
  $("timelineRuns").replaceChildren(...(timelines.runs.length ? timelines.runs.map((run, index) => {
    const who = run.client ? "client " + run.client + (run.own ? " (its X-Mock-Timeline)" : "") : run.per === "client" ? "a clock per client, none started yet" : "the server";
    const bar = el("div", { class: "tl-bar", role: "img", "aria-label": "Stages of " + run.timeline },
      run.stages.map((stage) => el("div", { class: "tl-stage" + (stage.dropsConnections ? " drops" : ""), style: { flex: stage.forMs + " 1 0px" }, title: stage.name + " · " + seconds(stage.forMs) + (stage.dropsConnections ? " · drops connections" : "") }, stage.name)),
      el("div", { class: "tl-now" }));
    return el("div", { class: "tl-run", "data-run": String(index) },
      el("div", { class: "tl-head" }, run.timeline + " · " + who + (run.loop ? " · loops" : "") + (run.ttlMs !== null ? " · ends after " + seconds(run.ttlMs) : "")),
      bar, el("div", { class: "tl-state" }));
  }) : [el("p", { class: "muted" }, "No timeline runs: the network is the base settings.")]));
  moveTimelines();
}
function moveTimelines() {
  const since = performance.now() - timelines.readAt;
  document.querySelectorAll("#timelineRuns .tl-run").forEach((box) => {
    const run = timelines.runs[Number(box.dataset.run)];
    const started = run.per === "client" && !run.client;
    const position = timelinePosition(run, started ? 0 : run.elapsedMs + since);
    const stages = box.querySelectorAll(".tl-stage");
    stages.forEach((stage, index) => stage.classList.toggle("current", !!position && index === position.index && !started));
    const now = box.querySelector(".tl-now");
    now.hidden = !position || started;
    if (position) now.style.left = Math.min(100, (position.offset / position.length) * 100) + "%";
    box.querySelector(".tl-state").textContent = started ? "Each client's clock starts at its first request."
      : position ? run.stages[position.index].name + (position.left === null ? " · held" : " · " + seconds(position.left) + " left")
      : "Over: the base settings apply again.";
  });
}
async function loadTimelines() {
  const response = await api("/__admin/timeline");
  if (!response.ok) return;
  showTimelines(await response.json());
}
function showTimelines(report) {
  timelines.named = report.named || [];
  timelines.runs = report.running || [];
  timelines.readAt = performance.now();
  renderTimelines();
}
$("timelineForm").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("timelineName").value;
  if (!name) return;
  const response = await api("/__admin/timeline", { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
  const answer = await response.json();
  if (response.ok) { $("timelineMessage").textContent = "Started " + name + (answer.replaced ? ", replacing " + answer.replaced : "") + "."; showTimelines(answer); }
  else $("timelineMessage").textContent = answer.error;
});
$("timelineStop").addEventListener("click", async () => {
  const response = await api("/__admin/timeline", { method: "DELETE" });
  const answer = await response.json();
  $("timelineMessage").textContent = answer.stopped ? "Stopped " + answer.stopped + ": the base settings apply again." : "No timeline was running.";
  showTimelines(answer);
});
// The clocks move every tenth of a second; the server is read again every two (new clients, a
// start or a stop from elsewhere), while the page is in view.
setInterval(moveTimelines, 100);
setInterval(() => { if (document.visibilityState === "visible") loadTimelines().catch(() => {}); }, 2000);

// ---- journal, live ----
function statusMatches(status, filter) {
  if (!filter) return true;
  return filter.split(",").map((f) => f.trim().toLowerCase()).filter(Boolean).some((f) => {
    if (/^\dxx$/.test(f)) return status !== null && String(status)[0] === f[0];
    return String(status) === f || (f === "-" && status === null);
  });
}
function addEntry(entry) {
  if (!state.entries.has(entry.id)) state.order.push(entry.id);
  state.entries.set(entry.id, entry);
  while (state.order.length > MAX_ENTRIES) state.entries.delete(state.order.shift());
}
let journalScheduled = false;
function scheduleJournal() { if (!journalScheduled) { journalScheduled = true; requestAnimationFrame(() => { journalScheduled = false; renderJournal(); }); } }
// A request this page made itself (the preview's images): the browser names the dashboard as its
// referrer, which no app does.
function isOwn(entry) {
  const referer = [].concat((entry.headers || {}).referer || [])[0];
  if (!referer) return false;
  try {
    const url = new URL(referer);
    return url.origin === location.origin && url.pathname.startsWith("/__admin/");
  } catch { return false; }
}
function renderJournal() {
  const pathFilter = $("pathFilter").value.trim(), statusFilter = $("statusFilter").value.trim(), showOwn = $("showOwn").checked;
  const rows = [];
  let hidden = 0;
  for (let i = state.order.length - 1; i >= 0; i--) {
    const entry = state.entries.get(state.order[i]);
    if (pathFilter && !entry.path.includes(pathFilter)) continue;
    if (!statusMatches(entry.status, statusFilter)) continue;
    const own = isOwn(entry);
    if (own && !showOwn) { hidden++; continue; }
    const open = () => showEntry(entry.id);
    const target = entry.path + (entry.query ? "?" + entry.query : "");
    rows.push(el("tr", { tabindex: "0", class: own ? "own" : "", title: own ? target + " (this page's own request)" : target, onclick: open, onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(); } } },
      el("td", {}, entry.id), el("td", {}, entry.method), el("td", {}, (own ? "◦ " : "") + target),
      el("td", { class: entry.status >= 400 || entry.outcome && entry.outcome !== "ok" ? "bad" : "" }, entry.status === null ? (entry.outcome || "…") : entry.status),
      el("td", {}, entry.durationMs === null || entry.durationMs === undefined ? "" : Math.round(entry.durationMs)),
      el("td", { class: "fault" }, entry.fault || "")));
  }
  $("journalBody").replaceChildren(...rows);
  $("journalCount").textContent = "(" + rows.length + " shown, newest first" + (hidden ? "; " + hidden + " of this page's own hidden" : "") + ")";
}
// The whole journal as HAR 1.2 (GET /__admin/har), saved as a file.
$("harDownload").addEventListener("click", async () => {
  $("harMessage").textContent = "";
  try {
    const response = await api("/__admin/har");
    if (!response.ok) throw new Error((await response.json()).error || "HTTP " + response.status);
    const blob = await response.blob();
    const url = URL.createObjectURL(blob);
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const name = "beagle-mock-" + stamp + ".har";
    const link = el("a", { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    $("harMessage").textContent = "Saved " + name;
  } catch (error) {
    $("harMessage").textContent = "Not saved: " + error.message;
  }
});
$("pathFilter").addEventListener("input", renderJournal);
$("statusFilter").addEventListener("input", renderJournal);
$("showOwn").addEventListener("change", renderJournal);
function showEntry(id) {
  const entry = state.entries.get(id); if (!entry) return;
  const headers = Object.entries(entry.headers || {}).map(([k, v]) => k + ": " + [].concat(v).join(", ")).join("\n");
  $("entryTitle").textContent = entry.method + " " + entry.path;
  $("entryDetail").replaceChildren(
    el("p", {}, "Status " + (entry.status === null ? "none" : entry.status) + " · outcome " + (entry.outcome || "in progress") + " · latency " + (entry.latencyMs ?? "") + " ms · duration " + (entry.durationMs === null || entry.durationMs === undefined ? "…" : entry.durationMs.toFixed(1) + " ms") + " · fault " + (entry.fault || "none") + (entry.rule ? " · rule " + entry.rule : "")),
    el("h3", {}, "Headers"), el("pre", {}, headers),
    el("h3", {}, "Body" + (entry.bodyTruncated ? " (truncated)" : "")), el("pre", {}, entry.body || "(none)"));
  $("entryDialog").showModal();
}
async function loadJournal() {
  const response = await api("/__admin/requests?limit=" + MAX_ENTRIES);
  const page = await response.json();
  for (const entry of (page.requests || []).reverse()) addEntry(entry);
  renderJournal();
}
async function follow() {
  for (;;) {
    try {
      const response = await api("/__admin/events", { headers: { Accept: "text/event-stream" } });
      if (!response.ok || !response.body) throw new Error("status " + response.status);
      $("live").textContent = "journal: live"; $("live").className = "ok";
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut); buffer = buffer.slice(cut + 2);
          const lines = block.split("\n");
          const data = lines.filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
          const kind = (lines.find((l) => l.startsWith("event: ")) || "event: request").slice(7);
          if (!data) continue;
          if (kind === "live-preview") showLive(JSON.parse(data));
          else { addEntry(JSON.parse(data)); scheduleJournal(); }
        }
      }
    } catch (error) { }
    $("live").textContent = "journal: reconnecting"; $("live").className = "warn";
    await new Promise((r) => setTimeout(r, 1000));
    try { await loadJournal(); await loadSettings(); await loadLivePreview(); await loadTimelines(); } catch (error) { }
  }
}

window.addEventListener("hashchange", async () => {
  const wanted = decodeURIComponent(location.hash.slice(1));
  if (!wanted || wanted === state.route) return;
  await loadRoutes();
  selectRoute(wanted);
});

(async () => {
  try { await loadSettings(); await loadRoutes(); await loadJournal(); await loadLivePreview(); await loadTimelines(); } catch (error) { $("inForce").textContent = "Cannot reach the admin API: " + error.message; }
  follow();
})();

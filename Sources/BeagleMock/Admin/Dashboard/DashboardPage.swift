import Crypto
import Foundation

/// The dashboard at `GET /__admin/` (Docs/Dashboard.md): one page of HTML, CSS and plain
/// JavaScript, served from the binary, with no CDN, no package manager and no build step. It reads
/// the admin API like any client (`/__admin/routes`, `/__admin/screen`, `/__admin/requests`,
/// `/__admin/events`, `/__admin/settings`), with the token it asks for once when the server needs
/// one (kept in the tab's `sessionStorage`).
enum DashboardPage {
    /// The page's `Content-Security-Policy`: it runs its own script alone, named by its hash (no
    /// inline script of any other text, no other source), loads nothing from elsewhere, talks only
    /// to this server, and is framed by no page.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src '\(scriptHash)'; style-src 'unsafe-inline'; img-src 'self' data:; "
        + "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"

    /// `sha256-…` of the text of the page's one `<script>` element, as CSP hashes it.
    static let scriptHash: String = {
        guard let open = html.range(of: "<script>"),
            let close = html.range(of: "</script>", range: open.upperBound..<html.endIndex)
        else { return "sha256-" }
        let script = html[open.upperBound..<close.lowerBound]
        return "sha256-" + Data(SHA256.hash(data: Data(script.utf8))).base64EncodedString()
    }()

    /// The page.
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>beagle-mock dashboard</title>
        <link rel="icon" href="data:,">
        <style>
        :root { color-scheme: light dark; --bg: #f7f7f8; --panel: #fff; --text: #1d1d1f; --muted: #5f6368; --line: #d9d9de;
          --accent: #0a66c2; --accent-text: #fff; --bad: #b3261e; --warn: #8a5a00; --ok: #1e7b34; --code: #f1f1f4; }
        @media (prefers-color-scheme: dark) { :root { --bg: #16171a; --panel: #1f2125; --text: #ececf1; --muted: #a4a7ae;
          --line: #3a3d44; --accent: #6cb2ff; --accent-text: #0b1b2d; --bad: #ff8a80; --warn: #f2c14e; --ok: #7bd88f; --code: #272a30; } }
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--text); }
        header { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; padding: 10px 16px; border-bottom: 1px solid var(--line); background: var(--panel); }
        header h1 { font-size: 16px; margin: 0; }
        #inForce { color: var(--muted); font-size: 13px; flex: 1; min-width: 200px; }
        main { display: grid; grid-template-columns: minmax(220px, 280px) minmax(0, 1fr) minmax(300px, 400px); gap: 12px; padding: 12px; }
        @media (max-width: 1100px) { main { grid-template-columns: minmax(200px, 260px) minmax(0, 1fr); } #side { grid-column: 1 / -1; } }
        @media (max-width: 700px) { main { grid-template-columns: 1fr; } }
        section.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 12px; min-width: 0; }
        h2 { font-size: 15px; margin: 0 0 8px; } h3 { font-size: 13px; margin: 12px 0 6px; color: var(--muted); }
        button, input, select, textarea { font: inherit; color: inherit; }
        button { background: var(--accent); color: var(--accent-text); border: 0; border-radius: 6px; padding: 6px 12px; cursor: pointer; }
        button.plain { background: transparent; color: var(--text); border: 1px solid var(--line); }
        input, select, textarea { background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: 5px 8px; width: 100%; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        label { display: block; font-size: 12px; color: var(--muted); margin-top: 8px; }
        #routeList { list-style: none; margin: 0; padding: 0; max-height: 70vh; overflow: auto; }
        #routeList button { display: block; width: 100%; text-align: left; background: transparent; color: var(--text); padding: 6px 8px; border-radius: 6px; }
        #routeList button[aria-current="true"] { background: var(--accent); color: var(--accent-text); }
        #routeList small { display: block; color: inherit; opacity: .75; }
        .badge { display: inline-block; font-size: 11px; padding: 0 6px; border-radius: 9px; border: 1px solid currentColor; margin-left: 4px; }
        .bad { color: var(--bad); } .warn { color: var(--warn); } .ok { color: var(--ok); } .muted { color: var(--muted); }
        .tabs { display: flex; gap: 6px; flex-wrap: wrap; margin: 8px 0; }
        .tabs [role="tab"][aria-selected="true"] { background: var(--accent); color: var(--accent-text); }
        .tabs [role="tab"] { background: transparent; color: var(--text); border: 1px solid var(--line); }
        fieldset { border: 0; padding: 0; margin: 0; display: flex; gap: 10px; flex-wrap: wrap; align-items: center; }
        fieldset label { display: inline-flex; gap: 4px; margin: 0; color: var(--text); font-size: 13px; }
        fieldset input { width: auto; }
        pre.json { margin: 0; background: var(--code); border-radius: 6px; padding: 8px 0; overflow: auto; max-height: 65vh; font: 12px/1.5 ui-monospace, Menlo, Consolas, monospace; counter-reset: line; }
        pre.json span.l { display: block; padding: 0 8px 0 0; white-space: pre; }
        pre.json span.l::before { counter-increment: line; content: counter(line); display: inline-block; width: 3.5em; padding-right: 8px; text-align: right; color: var(--muted); user-select: none; }
        .diag { margin: 4px 0; font: 12px ui-monospace, Menlo, monospace; }
        #preview { display: flex; justify-content: center; }
        .device { width: 360px; max-width: 100%; min-height: 480px; border: 8px solid #222; border-radius: 24px; overflow: hidden; background: #fff; color: #111; display: flex; flex-direction: column; }
        .device .caption { font-size: 11px; text-align: center; color: #666; padding: 2px; background: #eee; }
        .navbar { padding: 10px 12px; font-weight: 600; border-bottom: 1px solid #ddd; background: #fafafa; }
        .b-container, .b-screen { display: flex; flex-direction: column; min-width: 0; }
        .b-scroll { display: flex; flex-direction: column; overflow: auto; }
        .b-text { white-space: pre-wrap; }
        .b-image { display: block; max-width: 100%; object-fit: contain; }
        .b-placeholder { background: repeating-linear-gradient(45deg, #eee, #eee 6px, #f8f8f8 6px, #f8f8f8 12px); color: #555; font-size: 11px; padding: 8px; text-align: center; }
        .b-button { margin: 4px 0; padding: 10px; border-radius: 8px; background: #0a66c2; color: #fff; border: 0; }
        .b-input { margin: 4px 0; padding: 8px; border: 1px solid #bbb; border-radius: 6px; background: #fff; color: #111; }
        .b-unknown { border: 1px dashed #c0392b; padding: 4px; margin: 2px 0; }
        .b-label { font: 10px ui-monospace, monospace; color: #c0392b; }
        .b-list { display: flex; flex-direction: column; border-left: 3px solid #9ab; padding-left: 4px; }
        .b-tabs { display: flex; gap: 6px; border-bottom: 1px solid #ccc; padding: 6px; overflow-x: auto; }
        .b-tabs span { padding: 4px 8px; border-radius: 12px; background: #eef; }
        .b-dots { text-align: center; color: #999; letter-spacing: 4px; }
        #outline ul { list-style: none; padding-left: 16px; margin: 0; }
        #outline > ul { padding-left: 0; }
        #outline li { margin: 2px 0; }
        #outline code { font-size: 12px; }
        #outline img { width: 24px; height: 24px; object-fit: cover; vertical-align: middle; border-radius: 3px; margin-right: 4px; }
        table { width: 100%; border-collapse: collapse; font-size: 12px; }
        th, td { text-align: left; padding: 3px 4px; border-bottom: 1px solid var(--line); vertical-align: top; }
        #journalBody tr { cursor: pointer; }
        #journalBody tr:hover, #journalBody tr:focus { background: var(--code); }
        #journalWrap { max-height: 45vh; overflow: auto; }
        .row { display: flex; gap: 8px; } .row > * { flex: 1; }
        dialog { max-width: min(720px, 95vw); border: 1px solid var(--line); border-radius: 8px; background: var(--panel); color: var(--text); }
        dialog pre { white-space: pre-wrap; word-break: break-all; background: var(--code); padding: 8px; border-radius: 6px; max-height: 40vh; overflow: auto; }
        .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
        </style>
        </head>
        <body>
        <header>
          <h1>beagle-mock</h1>
          <div id="inForce" aria-live="polite">loading…</div>
          <span id="live" class="muted" aria-live="polite">journal: connecting</span>
        </header>
        <main>
          <nav class="panel" aria-labelledby="routesTitle">
            <section class="panel" style="border:0;padding:0">
            <h2 id="routesTitle">Routes</h2>
            <label for="routeFilter">Filter routes</label>
            <input id="routeFilter" type="search" placeholder="/catalog">
            <ul id="routeList" aria-label="Routes"></ul>
            </section>
          </nav>
          <section class="panel" id="detail" aria-labelledby="detailTitle">
            <h2 id="detailTitle">Pick a route</h2>
            <div id="routeInfo" class="muted">The routes on the left are what the screens folder serves.</div>
            <fieldset id="platforms" aria-label="Platform">
              <span class="muted">Platform:</span>
              <label><input type="radio" name="platform" value="IOS" checked> iOS</label>
              <label><input type="radio" name="platform" value="ANDROID"> Android</label>
              <label><input type="radio" name="platform" value="WEB"> Web</label>
              <label><input type="radio" name="platform" value=""> none</label>
            </fieldset>
            <div class="tabs" role="tablist" aria-label="View">
              <button role="tab" id="tab-preview" aria-controls="preview" aria-selected="true">Preview</button>
              <button role="tab" id="tab-outline" aria-controls="outline" aria-selected="false">Outline</button>
              <button role="tab" id="tab-json" aria-controls="json" aria-selected="false">JSON</button>
            </div>
            <div id="diagnostics"></div>
            <div role="tabpanel" id="preview" aria-labelledby="tab-preview"></div>
            <div role="tabpanel" id="outline" aria-labelledby="tab-outline" hidden></div>
            <div role="tabpanel" id="json" aria-labelledby="tab-json" hidden></div>
          </section>
          <div id="side">
            <section class="panel" aria-labelledby="controlsTitle">
              <h2 id="controlsTitle">Network</h2>
              <form id="settingsForm">
                <label for="profile">Profile</label>
                <select id="profile"><option value="">none</option><option>3g</option><option>edge</option><option>lte</option><option>lossy-wifi</option><option>offline</option></select>
                <div class="row">
                  <div><label for="latency">Latency</label><input id="latency" placeholder="250ms or 100ms..400ms"></div>
                  <div><label for="bandwidth">Bandwidth</label><input id="bandwidth" placeholder="64KiB/s"></div>
                </div>
                <label for="faults">Faults, one per line (fault@rate)</label>
                <textarea id="faults" rows="3" placeholder="status:503@0.2&#10;reset@5%"></textarea>
                <label for="seed">Seed</label>
                <input id="seed" inputmode="numeric" placeholder="7">
                <div class="row" style="margin-top:10px">
                  <button type="submit" id="apply">Apply</button>
                  <button type="button" class="plain" id="reset">Reset all</button>
                </div>
                <div id="settingsMessage" role="status" class="muted"></div>
              </form>
            </section>
            <section class="panel" aria-labelledby="journalTitle" style="margin-top:12px">
              <h2 id="journalTitle">Journal <span id="journalCount" class="muted"></span></h2>
              <div class="row">
                <div><label for="pathFilter">Path contains</label><input id="pathFilter" type="search" placeholder="/home"></div>
                <div><label for="statusFilter">Status</label><input id="statusFilter" type="search" placeholder="2xx, 404"></div>
              </div>
              <div id="journalWrap">
                <table aria-describedby="journalTitle"><thead><tr><th scope="col">#</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col">ms</th><th scope="col">Fault</th></tr></thead>
                <tbody id="journalBody"></tbody></table>
              </div>
            </section>
          </div>
        </main>
        <dialog id="entryDialog" aria-labelledby="entryTitle">
          <h2 id="entryTitle">Request</h2>
          <div id="entryDetail"></div>
          <form method="dialog"><button>Close</button></form>
        </dialog>
        <dialog id="tokenDialog" aria-labelledby="tokenTitle">
          <form id="tokenForm" method="dialog">
            <h2 id="tokenTitle">Admin token</h2>
            <p>This server needs its <code>--admin-token</code>. It is kept for this tab only.</p>
            <label for="tokenInput">Token</label>
            <input id="tokenInput" type="password" autocomplete="off" required>
            <p><button id="tokenSave">Use token</button></p>
          </form>
        </dialog>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        const MAX_ENTRIES = 300;
        const state = { routes: [], route: null, view: "preview", entries: new Map(), order: [], screen: null };
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
          $("settingsMessage").textContent = response.ok ? "Reset: settings, journal and scenarios." : "Reset failed: " + response.status;
          state.entries.clear(); state.order = []; renderJournal();
          await loadSettings();
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
          $("preview").append(el("div", { class: "device", role: "img", "aria-label": "Preview of " + screen.route },
            el("div", { class: "caption" }, "preview, not Beagle's renderer"), renderComponent(root)));
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
        function imageURL(path) {
          if (!path || typeof path !== "object") return null;
          if (path._beagleImagePath_ === "remote" && typeof path.url === "string" && !path.url.startsWith("@")) return path.url;
          return null;
        }
        function renderComponent(node) {
          if (Array.isArray(node)) return el("div", { class: "b-container" }, node.map(renderComponent));
          if (!node || typeof node !== "object") return el("span", {}, text(node));
          const type = String(node._beagleComponent_ || "").toLowerCase();
          const css = cssOf(node);
          const kids = (list) => (Array.isArray(list) ? list : list ? [list] : []).map(renderComponent);
          switch (type) {
            case "beagle:screencomponent": case "beagle:screen":
              return el("div", { class: "b-screen", style: css },
                node.navigationBar ? el("div", { class: "navbar" }, text(node.navigationBar.title)) : null, kids(node.child));
            case "beagle:container": case "beagle:simpleform": case "beagle:form":
              return el("div", { class: "b-container", style: css }, kids(node.children || node.child));
            case "beagle:scrollview": {
              const box = el("div", { class: "b-scroll", style: css }, kids(node.children));
              if (node.scrollDirection === "HORIZONTAL") box.style.flexDirection = "row";
              return box;
            }
            case "beagle:text": return el("div", { class: "b-text", style: css }, text(node.text));
            case "beagle:image": {
              const url = imageURL(node.path);
              const fit = { CENTER_CROP: "cover", FIT_CENTER: "contain", FIT_XY: "fill", CENTER: "none" }[node.mode] || "contain";
          if (url) return el("img", { class: "b-image", src: url, alt: (node.accessibility && node.accessibility.accessibilityLabel) || "image", style: Object.assign({ objectFit: fit }, css) });
              const id = node.path && (node.path.mobileId || (node.path.url || ""));
              return el("div", { class: "b-placeholder", style: css }, "image " + text(id));
            }
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
            case "beagle:lazycomponent":
              return el("div", { class: "b-unknown", style: css }, el("div", { class: "b-label" }, "lazy " + text(node.path)), kids(node.initialState));
            default:
              return el("div", { class: "b-unknown", style: css }, el("div", { class: "b-label" }, node._beagleComponent_ || "no _beagleComponent_"), kids(node.children || node.child));
          }
        }

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
          if (url) line.prepend(el("img", { src: url, alt: "" }));
          for (const target of targetsOf(Object.fromEntries(Object.entries(node).filter(([k]) => k !== "child" && k !== "children")), [])) {
            const known = state.routes.some((r) => r.path === target.url);
            line.append(" → ", known ? el("a", { href: "#" + encodeURIComponent(target.url), onclick: (e) => { e.preventDefault(); selectRoute(target.url); } }, target.url) : el("span", { class: "muted" }, target.url), el("span", { class: "muted" }, " (" + target.action + ")"));
          }
          const children = [].concat(node.child ? [node.child] : [], Array.isArray(node.children) ? node.children : [], (node.templates || []).map((t) => t.view).filter(Boolean));
          if (children.length) line.append(el("ul", {}, children.map((c) => outlineNode(c, "child"))));
          return line;
        }

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
        function renderJournal() {
          const pathFilter = $("pathFilter").value.trim(), statusFilter = $("statusFilter").value.trim();
          const rows = [];
          for (let i = state.order.length - 1; i >= 0; i--) {
            const entry = state.entries.get(state.order[i]);
            if (pathFilter && !entry.path.includes(pathFilter)) continue;
            if (!statusMatches(entry.status, statusFilter)) continue;
            const open = () => showEntry(entry.id);
            rows.push(el("tr", { tabindex: "0", onclick: open, onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(); } } },
              el("td", {}, entry.id), el("td", {}, entry.method), el("td", {}, entry.path + (entry.query ? "?" + entry.query : "")),
              el("td", { class: entry.status >= 400 || entry.outcome && entry.outcome !== "ok" ? "bad" : "" }, entry.status === null ? (entry.outcome || "…") : entry.status),
              el("td", {}, entry.durationMs === null || entry.durationMs === undefined ? "" : Math.round(entry.durationMs)),
              el("td", {}, entry.fault || "")));
          }
          $("journalBody").replaceChildren(...rows);
          $("journalCount").textContent = "(" + rows.length + " shown, newest first)";
        }
        $("pathFilter").addEventListener("input", renderJournal);
        $("statusFilter").addEventListener("input", renderJournal);
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
                  const data = block.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
                  if (data) { addEntry(JSON.parse(data)); scheduleJournal(); }
                }
              }
            } catch (error) { }
            $("live").textContent = "journal: reconnecting"; $("live").className = "warn";
            await new Promise((r) => setTimeout(r, 1000));
            try { await loadJournal(); await loadSettings(); } catch (error) { }
          }
        }

        window.addEventListener("hashchange", async () => {
          const wanted = decodeURIComponent(location.hash.slice(1));
          if (!wanted || wanted === state.route) return;
          await loadRoutes();
          selectRoute(wanted);
        });

        (async () => {
          try { await loadSettings(); await loadRoutes(); await loadJournal(); } catch (error) { $("inForce").textContent = "Cannot reach the admin API: " + error.message; }
          follow();
        })();
        </script>
        </body>
        </html>
        """#
}

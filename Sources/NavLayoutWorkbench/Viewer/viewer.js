/* NavLayout viewer: shows a session recording (schema navlayout.recording/1, embedded in this page
   as JSON) — the device at real proportions, every view in z-order, the timeline of steps, the
   animation samples, the inspector and the diagnostics. Plain DOM and SVG, no framework, nothing
   loaded from the network. Text from the recording is only ever set with textContent or as an
   attribute value, never parsed as HTML. How each view looks is viewer-draw.js
   (NavLayoutDrawing), the panels around the picture viewer-panels.js (NavLayoutPanels); both
   come before this file in the page's script element. */

(function () {
  "use strict";
  const { SVGNS, s, swatchColor, roundedPath, inset, normalized, drawView, setupDefs, screenRadius, renderLegend } = NavLayoutDrawing;
  const $ = (id) => document.getElementById(id);

  // ---------------------------------------------------------------------------------------------
  // Small helpers

  /** An HTML element with attributes and children (strings become text nodes). */
  function h(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") e.className = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children.flat(Infinity)) {
      if (c === null || c === undefined || c === false) continue;
      e.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    }
    return e;
  }

  /** A number as the engine prints points: up to 3 decimals, no "-0". */
  function fmt(n) {
    if (n === null || n === undefined || !isFinite(n)) return "—";
    const r = Math.round(n * 1000) / 1000;
    return String(r === 0 ? 0 : r);
  }

  /** An identifier made visible: control characters as \u escapes, empty as a placeholder. */
  function shown(text) {
    if (text === null || text === undefined || text === "") return "(no identifier)";
    return String(text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
      (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
  }

  const X_ATTRIBUTES = new Set(["left", "right", "leading", "trailing", "centerX", "width"]);

  // ---------------------------------------------------------------------------------------------
  // The recording

  let rec;
  try {
    rec = JSON.parse($("navlayout-recording").textContent);
  } catch (err) {
    fatal("The recording embedded in this page is not valid JSON (" + err.message + ").");
    return;
  }
  if (!rec || rec.schema !== "navlayout.recording/1" || !Array.isArray(rec.steps)) {
    fatal("This page's recording is not a navlayout.recording/1 recording.");
    return;
  }
  const rtl = rec.layoutDirection === "rightToLeft";
  const items = new Map((rec.items || []).map((it) => [it.key, it]));
  const constraints = rec.constraints || [];

  /** Shows why the page cannot show a recording; the page is then done (data-ready). */
  function fatal(message) {
    const banner = $("banner");
    banner.hidden = false;
    banner.textContent = message;
    document.documentElement.setAttribute("data-ready", "true");
  }

  // ---------------------------------------------------------------------------------------------
  // What is shown: the step, the sample within it, the selection, the view options

  const ui = {
    step: 0,
    sample: null,          // index into the step's samples; null = the step at rest (its end)
    selected: null,        // item key
    hover: null,           // item key
    activeDiagnostic: null,
    hoverConstraint: null, // constraint index
    focusAxis: null,       // "horizontal" or "vertical": the inspector's list a diagnostic led to
    zoom: 1, panX: 0, panY: 0, fitted: false,
    autoFit: true,         // refit when the stage changes size, until the user zooms or pans
    playing: false,
  };
  const opt = { labels: true, hidden: true, guides: false, camera: true, diagnostics: true };

  function currentStep() { return rec.steps[ui.step]; }

  /** The scene at the current moment: the keyframe state that describes it, the frames of every
   *  view in z-order (from the sample while scrubbing), the camera and the time in the step. */
  function scene() {
    const step = currentStep();
    if (!step) return null;
    const states = step.states || [];
    const last = states[states.length - 1];
    const samples = step.samples || [];
    if (samples.length && ui.sample !== null && ui.sample < samples.length) {
      const smp = samples[ui.sample];
      const atEnd = ui.sample === samples.length - 1;
      const state = atEnd ? last : states[0];
      const views = smp.frames.map((f, z) => ({ key: f[0], frame: [f[1], f[2], f[3], f[4]], visible: f[5] === 1, z }));
      return { step, state, other: atEnd ? states[0] : last, views, camera: smp.camera, t: smp.t, sampled: true };
    }
    const views = last.views.map((v, z) => ({ key: v.key, frame: v.frame, visible: v.visible, z }));
    return { step, state: last, other: states[0], views, camera: last.camera, t: step.duration, sampled: false };
  }

  /** The device preset (docs/behaviour.md#device-presets) the map view has in `state` (its size, safe area and CarPlay option), or
   *  null. Recordings made before states carried `preset` give the run's preset while the map
   *  keeps the size it started with. */
  function presetOf(state) {
    if (state.preset !== undefined) return state.preset;
    const first = rec.steps.length && rec.steps[0].states.length ? rec.steps[0].states[0] : null;
    const same = first && first.mapSize[0] === state.mapSize[0] && first.mapSize[1] === state.mapSize[1];
    return same ? rec.preset || null : null;
  }

  /** The state's record of a view or guide (falling back to the step's other keyframe). */
  function viewRecord(sc, key) {
    for (const st of [sc.state, sc.other]) {
      if (!st) continue;
      const v = st.views.find((x) => x.key === key);
      if (v) return v;
    }
    return null;
  }
  function guideRecord(sc, key) {
    for (const st of [sc.state, sc.other]) {
      if (!st) continue;
      const g = st.guides.find((x) => x.key === key);
      if (g) return g;
    }
    return null;
  }
  function itemName(key) {
    const it = items.get(key);
    return it ? shown(it.identifier || it.role || "") : "item " + key;
  }
  /** The frame of a view or guide in the scene (views: presented frame of the sample). */
  function frameOf(sc, key) {
    const v = sc.views.find((x) => x.key === key);
    if (v) return v.frame;
    const g = guideRecord(sc, key);
    if (g) return g.frame;
    const r = viewRecord(sc, key);
    return r ? r.frame : null;
  }

  // ---------------------------------------------------------------------------------------------
  // The canvas

  const canvas = $("canvas");
  const world = $("world");
  const overlay = $("overlay");
  const stage = $("scene");  // the drawing's box (the stage minus its help line)
  const BEZEL = 14;          // the device's bezel around the screen (points)

  function worldToScreen(x, y) { return [x * ui.zoom + ui.panX, y * ui.zoom + ui.panY]; }
  function screenToWorld(px, py) { return [(px - ui.panX) / ui.zoom, (py - ui.panY) / ui.zoom]; }

  /** What a fit shows of a W × H map (points, [minX, minY, maxX, maxY]): the device with its
   *  bezel and every frame drawn in the steps of that size — prompts slide in from beyond the
   *  screen's edge — but no more than half the map's size beyond an edge. Cached per size. */
  const extents = new Map();
  function sceneExtent(W, H) {
    const id = W + "x" + H;
    if (extents.has(id)) return extents.get(id);
    let [x0, y0, x1, y1] = [-BEZEL, -BEZEL, W + BEZEL, H + BEZEL];
    const add = (f) => {
      const [x, y, w, hh] = normalized(f);
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + w); y1 = Math.max(y1, y + hh);
    };
    for (const step of rec.steps) {
      const first = step.states[0];
      if (!first || first.mapSize[0] !== W || first.mapSize[1] !== H) continue;
      for (const st of step.states) for (const v of st.views) if (items.get(v.key)?.kind !== "map") add(v.frame);
      for (const smp of step.samples || []) for (const f of smp.frames) if (items.get(f[0])?.kind !== "map") add(f.slice(1, 5));
    }
    const extent = [Math.max(x0, -W / 2), Math.max(y0, -H / 2), Math.min(x1, 1.5 * W), Math.min(y1, 1.5 * H)];
    extents.set(id, extent);
    return extent;
  }

  /** Fits the scene (sceneExtent) into the stage where the legend box is not: beside it or under
   *  it, whichever shows the device larger. */
  function fit() {
    const sc = scene();
    if (!sc) return;
    const [W, H] = sc.state.mapSize;
    const [ex0, ey0, ex1, ey1] = sceneExtent(W, H);
    const r = stage.getBoundingClientRect();
    const lg = $("legend-box").getBoundingClientRect();
    const pad = 16;
    let best = null;
    for (const [rx0, ry0] of [[lg.right - r.left + pad, pad], [pad, lg.bottom - r.top + pad]]) {
      const [rx1, ry1] = [r.width - pad, r.height - pad];
      const z = Math.min((rx1 - rx0) / (ex1 - ex0), (ry1 - ry0) / (ey1 - ey0));
      if (!best || z > best.z) best = { z, cx: (rx0 + rx1) / 2, cy: (ry0 + ry1) / 2 };
    }
    ui.zoom = Math.max(0.02, best.z);
    ui.panX = best.cx - (ex0 + ex1) / 2 * ui.zoom;
    ui.panY = best.cy - (ey0 + ey1) / 2 * ui.zoom;
    ui.fitted = true;
    ui.autoFit = true;
    ui.fitBox = [r.width, r.height, lg.right, lg.bottom];
  }

  /** Whether the stage or the legend box changed size or place since the last fit. */
  function fitBoxChanged() {
    if (!ui.fitBox) return true;
    const r = stage.getBoundingClientRect();
    const lg = $("legend-box").getBoundingClientRect();
    return [r.width, r.height, lg.right, lg.bottom].some((n, i) => Math.abs(n - ui.fitBox[i]) > 0.5);
  }

  function zoomAt(factor, px, py) {
    const [wx, wy] = screenToWorld(px, py);
    ui.zoom = Math.max(0.02, Math.min(40, ui.zoom * factor));
    ui.panX = px - wx * ui.zoom;
    ui.panY = py - wy * ui.zoom;
    ui.autoFit = false;
    render();
  }

  function renderCanvas(sc) {
    world.replaceChildren();
    overlay.replaceChildren();
    world.setAttribute("transform", `translate(${ui.panX},${ui.panY}) scale(${ui.zoom})`);
    $("zoom-level").textContent = Math.round(ui.zoom * 100) + "%";
    const [W, H] = sc.state.mapSize;
    const [st, sl, sb, sr] = sc.state.safeArea;
    const R = screenRadius(presetOf(sc.state));
    // Device body and screen.
    const device = s("g", { id: "device" }, world);
    s("rect", { x: -BEZEL, y: -BEZEL, width: W + 2 * BEZEL, height: H + 2 * BEZEL, rx: R ? R + BEZEL : 10, fill: "#0f1012",
      stroke: "#4a4c52", "stroke-width": 1.5, class: "nss" }, device);
    const screen = s("g", {}, device);
    s("rect", { x: 0, y: 0, width: W, height: H, rx: R, fill: "url(#nl-roads)" }, screen);
    // The unsafe bands (outside the safe area).
    const unsafe = s("path", {
      d: `M0,0H${W}V${H}H0Z M${sl},${st}V${H - sb}H${W - sr}V${st}Z`, fill: "url(#nl-unsafe)", "fill-rule": "evenodd",
    }, screen);
    unsafe.appendChild(document.createElementNS(SVGNS, "title")).textContent = "outside the safe area";
    s("rect", { x: sl, y: st, width: Math.max(0, W - sl - sr), height: Math.max(0, H - st - sb), fill: "none",
      stroke: "#80868b", "stroke-width": 1, "stroke-dasharray": "4 3", class: "nss" }, screen);
    // Views, back to front.
    const layer = s("g", { id: "views" }, world);
    for (const v of sc.views) {
      if (!v.visible && !opt.hidden) continue;
      const it = items.get(v.key) || {};
      const g = s("g", { class: "view" + (v.visible ? "" : " hidden-ghost"), "data-key": v.key, "data-role": it.role || "",
        "data-kind": it.kind || "", "data-identifier": it.identifier || "",
        "data-inverted": v.frame[2] < 0 || v.frame[3] < 0 ? "true" : null }, layer);
      drawView(g, v.frame, it, viewRecord(sc, v.key) || {}, sc.state, rtl);
    }
    // Vehicle point over the views (the camera's, docs/behaviour.md#camera-framing).
    if (sc.camera) {
      const [vx, vy] = sc.camera.vehiclePoint;
      const vp = s("g", { class: "vehicle", "pointer-events": "none" }, world);
      s("circle", { cx: vx, cy: vy, r: 11, fill: "rgba(26,115,232,0.18)" }, vp);
      s("circle", { cx: vx, cy: vy, r: 7, fill: "#1a73e8", stroke: "#ffffff", "stroke-width": 2.5, class: "nss" }, vp);
      s("path", { d: `M${vx},${vy - 4}L${vx + 3},${vy + 3}L${vx},${vy + 1.5}L${vx - 3},${vy + 3}Z`, fill: "#ffffff" }, vp);
    }
    // Dim whatever lies outside the screen (prompts slide in across the edge).
    s("path", { d: `M-100000,-100000H100000V100000H-100000Z ${roundedPath(0, 0, W, H, [R, R, R, R])}`, "fill-rule": "evenodd",
      fill: "rgba(38,39,43,0.62)", "pointer-events": "none" }, world);
    s("path", { d: roundedPath(0, 0, W, H, [R, R, R, R]), fill: "none", stroke: "#5a5c63", "stroke-width": 1, class: "nss",
      "pointer-events": "none" }, world);
    const top = s("g", { "pointer-events": "none" }, world);
    if (opt.guides) drawGuides(top, sc);
    if (opt.camera && sc.camera) drawCamera(top, sc);
    if (opt.diagnostics) drawDiagnostics(top, sc);
    drawSelection(top, sc);
    if (opt.labels) drawLabels(sc);
  }

  function drawGuides(g, sc) {
    for (const gd of sc.state.guides) {
      const it = items.get(gd.key) || {};
      if (it.builtIn && gd.key !== ui.selected) continue;  // margins and safe-area guides: only when selected
      const [x, y, w, hh] = gd.frame;
      s("rect", { x, y, width: Math.max(w, 0), height: Math.max(hh, 0), class: "guide" }, g);
      const [px, py] = worldToScreen(x, y);
      overlay.appendChild(h("div", { class: "vlabel on-dark", style: `left:${px + 2}px;top:${py - 15}px;max-width:240px`,
        title: shown(gd.identifier) }, shown(gd.identifier)));
    }
  }

  function dimension(g, x1, y1, x2, y2, cls, label, labelCls) {
    s("line", { x1, y1, x2, y2, class: cls }, g);
    const tick = 4 / ui.zoom;
    if (x1 === x2) {
      s("line", { x1: x1 - tick, y1, x2: x1 + tick, y2: y1, class: cls }, g);
      s("line", { x1: x2 - tick, y1: y2, x2: x2 + tick, y2, class: cls }, g);
    } else {
      s("line", { x1, y1: y1 - tick, x2: x1, y2: y1 + tick, class: cls }, g);
      s("line", { x1: x2, y1: y2 - tick, x2, y2: y2 + tick, class: cls }, g);
    }
    const [px, py] = worldToScreen((x1 + x2) / 2, (y1 + y2) / 2);
    overlay.appendChild(h("div", { class: "dim-label " + labelCls, style: `left:${px}px;top:${py}px` }, label));
  }

  function drawCamera(g, sc) {
    const [W, H] = sc.state.mapSize;
    const [x, y, w, hh] = sc.camera.viewport;
    const [pt, pl, pb, pr] = sc.camera.padding;
    const cx = x + w * 0.22, cy = y + hh * 0.25;
    if (pt > 0) dimension(g, cx, 0, cx, y, "camera-line", "▲ " + fmt(pt), "camera");
    if (pb > 0) dimension(g, cx, y + hh, cx, H, "camera-line", "▼ " + fmt(pb), "camera");
    if (pl > 0) dimension(g, 0, cy, x, cy, "camera-line", "◀ " + fmt(pl), "camera");
    if (pr > 0) dimension(g, x + w, cy, W, cy, "camera-line", "▶ " + fmt(pr), "camera");
  }

  function diagnosticsByItem(state) {
    const map = new Map();
    (state.diagnostics || []).forEach((d, i) => {
      for (const k of d.items) {
        if (!map.has(k)) map.set(k, []);
        map.get(k).push(i);
      }
    });
    return map;
  }

  const SEVERITY_RANK = { error: 0, warning: 1, info: 2 };
  function worstSeverity(list) {
    return list.slice().sort((a, b) => SEVERITY_RANK[a] - SEVERITY_RANK[b])[0];
  }

  function drawDiagnostics(g, sc) {
    const diags = sc.state.diagnostics || [];
    const byItem = diagnosticsByItem(sc.state);
    for (const [key, list] of byItem) {
      const raw = frameOf(sc, key);
      if (!raw) continue;
      const f = outlineRect(raw);
      const sev = worstSeverity(list.map((i) => diags[i].severity));
      const active = ui.activeDiagnostic !== null && list.includes(ui.activeDiagnostic);
      s("rect", { x: f[0], y: f[1], width: f[2], height: f[3], class: "diag-outline " + sev + (active ? " active" : "") }, g);
      // The badge sits in the frame's bottom-right corner, away from the label (top-left).
      const [px, py] = worldToScreen(f[0] + f[2], f[1] + f[3]);
      const codes = [...new Set(list.map((i) => diags[i].code))];
      // The codes where the frame is wide enough on screen (about 6.5 px a character), else the count.
      const text = codes.join(", ");
      const fits = f[2] * ui.zoom >= text.length * 6.5 + 24;
      overlay.appendChild(h("div", { class: "diag-badge " + sev, style: `left:${px - 2}px;top:${py - 2}px`, title: text },
        (sev === "error" ? "✖ " : sev === "warning" ? "▲ " : "ℹ ") + (fits ? text : String(list.length))));
    }
  }

  /** The rectangle outlining a frame: the one its edges span (normalized), at least 0.5 pt. */
  function outlineRect(f) {
    const [x, y, w, hh] = normalized(f);
    return [x, y, Math.max(w, 0.5), Math.max(hh, 0.5)];
  }

  /** The segment an anchor stands for on the canvas: [x1, y1, x2, y2]. */
  function anchorSegment(f, attribute) {
    const [x, y, w, hh] = f;
    const leftX = x, rightX = x + w;
    switch (attribute) {
      case "top": return [x, y, x + w, y];
      case "bottom": return [x, y + hh, x + w, y + hh];
      case "centerY": return [x, y + hh / 2, x + w, y + hh / 2];
      case "left": return [leftX, y, leftX, y + hh];
      case "right": return [rightX, y, rightX, y + hh];
      case "leading": { const lx = rtl ? rightX : leftX; return [lx, y, lx, y + hh]; }
      case "trailing": { const tx = rtl ? leftX : rightX; return [tx, y, tx, y + hh]; }
      case "centerX": return [x + w / 2, y, x + w / 2, y + hh];
      case "width": return [x, y + hh / 2, x + w, y + hh / 2];
      case "height": return [x + w / 2, y, x + w / 2, y + hh];
      default: return null;
    }
  }

  function drawConstraint(g, sc, c) {
    const f1 = frameOf(sc, c.first.item);
    if (!f1) return;
    const a = anchorSegment(f1, c.first.attribute);
    if (!a) return;
    s("line", { x1: a[0], y1: a[1], x2: a[2], y2: a[3], class: "constraint-line" }, g);
    if (!c.second) {
      const [px, py] = worldToScreen((a[0] + a[2]) / 2, (a[1] + a[3]) / 2);
      overlay.appendChild(h("div", { class: "dim-label constraint", style: `left:${px}px;top:${py - 12}px` }, c.text));
      return;
    }
    const f2 = frameOf(sc, c.second.item);
    if (!f2) return;
    const b = anchorSegment(f2, c.second.attribute);
    if (!b) return;
    s("line", { x1: b[0], y1: b[1], x2: b[2], y2: b[3], class: "constraint-line" }, g);
    let x1, y1, x2, y2;
    if (X_ATTRIBUTES.has(c.first.attribute) && c.first.attribute !== "width") {
      y1 = y2 = (Math.max(a[1], b[1]) + Math.min(a[3], b[3])) / 2;
      if (!(Math.max(a[1], b[1]) <= Math.min(a[3], b[3]))) y1 = y2 = (a[1] + a[3]) / 2;
      x1 = a[0]; x2 = b[0];
    } else if (c.first.attribute !== "width" && c.first.attribute !== "height") {
      x1 = x2 = (Math.max(a[0], b[0]) + Math.min(a[2], b[2])) / 2;
      if (!(Math.max(a[0], b[0]) <= Math.min(a[2], b[2]))) x1 = x2 = (a[0] + a[2]) / 2;
      y1 = a[1]; y2 = b[1];
    } else {
      x1 = (a[0] + a[2]) / 2; y1 = (a[1] + a[3]) / 2; x2 = (b[0] + b[2]) / 2; y2 = (b[1] + b[3]) / 2;
    }
    s("line", { x1, y1, x2, y2, class: "constraint-link" }, g);
    const [px, py] = worldToScreen((x1 + x2) / 2, (y1 + y2) / 2);
    overlay.appendChild(h("div", { class: "dim-label constraint", style: `left:${px}px;top:${py}px` }, c.text));
  }

  function drawSelection(g, sc) {
    if (ui.hover !== null && ui.hover !== ui.selected) {
      const f = frameOf(sc, ui.hover);
      if (f) { const o = outlineRect(f); s("rect", { x: o[0], y: o[1], width: o[2], height: o[3], class: "hover-outline" }, g); }
    }
    if (ui.selected === null) return;
    const f = frameOf(sc, ui.selected);
    if (!f) return;
    const o = outlineRect(f);
    s("rect", { x: o[0], y: o[1], width: o[2], height: o[3], class: "sel-outline" }, g);
    const r = viewRecord(sc, ui.selected);
    if (r && r.layoutMargins && r.layoutMargins.some((m) => m !== 0)) {
      const m = inset(f, r.layoutMargins);
      s("rect", { x: m[0], y: m[1], width: m[2], height: m[3], class: "margins" }, g);
    }
    // Spacing to the superview's edges (what Xcode's size inspector calls the distances).
    const parentKey = r ? r.parent : null;
    const pf = parentKey !== null && parentKey !== undefined ? frameOf(sc, parentKey) : null;
    // (The viewport's distances to the map are the camera padding, drawn already when shown.)
    const cameraShown = opt.camera && sc.camera && (items.get(ui.selected) || {}).role === "viewport";
    if (pf && ui.hoverConstraint === null && !cameraShown) {
      const midX = f[0] + f[2] / 2, midY = f[1] + f[3] / 2;
      const top = f[1] - pf[1], bottom = pf[1] + pf[3] - (f[1] + f[3]);
      const left = f[0] - pf[0], right = pf[0] + pf[2] - (f[0] + f[2]);
      if (Math.abs(top) > 0.0005) dimension(g, midX, pf[1], midX, f[1], "spacing", fmt(top), "spacing");
      if (Math.abs(bottom) > 0.0005) dimension(g, midX, f[1] + f[3], midX, pf[1] + pf[3], "spacing", fmt(bottom), "spacing");
      if (Math.abs(left) > 0.0005) dimension(g, pf[0], midY, f[0], midY, "spacing", fmt(left), "spacing");
      if (Math.abs(right) > 0.0005) dimension(g, f[0] + f[2], midY, pf[0] + pf[2], midY, "spacing", fmt(right), "spacing");
    }
    if (ui.hoverConstraint !== null && constraints[ui.hoverConstraint]) drawConstraint(g, sc, constraints[ui.hoverConstraint]);
  }

  /** A label at the top-left corner of every view large enough on screen (and of the selected
   *  one), cut to the view's width; the label carries its full text as its title. The pointer
   *  acts through labels as on the picture (see the pointer handling). */
  function drawLabels(sc) {
    for (const v of sc.views) {
      const it = items.get(v.key) || {};
      if (it.kind === "map" || (!v.visible && !opt.hidden)) continue;
      const [x, y, w, hh] = normalized(v.frame);
      const [px, py] = worldToScreen(x, y);
      const pw = w * ui.zoom, ph = hh * ui.zoom;
      const selected = v.key === ui.selected;
      if (!selected && (pw < 26 || ph < 13)) continue;
      const dark = it.role === "turnCard" || it.role === "speedWidget";
      const text = shown(it.identifier) + (v.visible ? "" : " (hidden)") + (v.frame[2] < 0 || v.frame[3] < 0 ? " (inverted)" : "");
      overlay.appendChild(h("div", {
        class: "vlabel" + (dark ? " on-dark" : "") + (selected ? " selected" : ""), "data-key": v.key, title: text,
        style: `left:${px + 2}px;top:${py + 2}px;max-width:${Math.max(selected ? 200 : 0, pw - 4)}px`,
      }, text));
    }
  }

  /** Views under a point (world coordinates), front to back. */
  function viewsAt(sc, wx, wy) {
    const hits = [];
    for (const v of sc.views) {
      if (!v.visible && !opt.hidden) continue;
      // The map root too (clicking the open map selects it); an inverted frame where its edges span.
      const [x, y, w, hh] = normalized(v.frame);
      if (wx >= x && wx <= x + w && wy >= y && wy <= y + hh) hits.push(v);
    }
    return hits.reverse().map((v) => v.key);
  }

  // Pointer handling: a click selects the frontmost view under the pointer; clicking again at
  // the same place selects the next one behind it, down to the map, then the frontmost again.
  // Drag pans, the wheel zooms, a double click off the device fits. The labels over the picture
  // (which show their full text on hover) pass the pointer on: the same handlers listen there.
  let drag = null;
  function onPointerDown(e) {
    drag = { x: e.clientX, y: e.clientY, panX: ui.panX, panY: ui.panY, moved: false };
    canvas.setPointerCapture(e.pointerId);  // the up arrives at the canvas, wherever it went down
  }
  function onPointerMove(e) {
    const r = stage.getBoundingClientRect();
    if (drag) {
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (drag.moved || Math.abs(dx) + Math.abs(dy) > 4) {
        drag.moved = true;
        canvas.classList.add("panning");
        ui.panX = drag.panX + dx;
        ui.panY = drag.panY + dy;
        ui.autoFit = false;
        render();
        return;
      }
    }
    const sc = scene();
    const [wx, wy] = screenToWorld(e.clientX - r.left, e.clientY - r.top);
    const hits = viewsAt(sc, wx, wy);
    const key = hits.length ? hits[0] : null;
    const tip = $("tooltip");
    if (key !== null) {
      const f = frameOf(sc, key);
      tip.replaceChildren(h("div", { class: "tt-name" }, itemName(key)),
        h("div", { class: "tt-frame" }, `(${f.map(fmt).join(", ")})`));
      tip.hidden = false;
      tip.style.left = Math.min(e.clientX - r.left + 14, r.width - 200) + "px";
      tip.style.top = (e.clientY - r.top + 14) + "px";
    } else {
      tip.hidden = true;
    }
    if (key !== ui.hover) { ui.hover = key; render(); }
  }
  function onPointerUp(e) {
    const wasDrag = drag && drag.moved;
    drag = null;
    canvas.classList.remove("panning");
    if (wasDrag) return;
    const r = stage.getBoundingClientRect();
    const [wx, wy] = screenToWorld(e.clientX - r.left, e.clientY - r.top);
    const hits = viewsAt(scene(), wx, wy);
    if (!hits.length) { select(null); return; }
    const i = hits.indexOf(ui.selected);
    select(i >= 0 ? hits[(i + 1) % hits.length] : hits[0]);
  }
  function onWheel(e) {
    e.preventDefault();
    const r = stage.getBoundingClientRect();
    zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
  }
  function onDoubleClick(e) {
    const r = stage.getBoundingClientRect();
    const [wx, wy] = screenToWorld(e.clientX - r.left, e.clientY - r.top);
    if (!viewsAt(scene(), wx, wy).length) { fit(); render(); }
  }
  for (const target of [canvas, overlay]) {
    target.addEventListener("pointerdown", onPointerDown);
    target.addEventListener("pointermove", onPointerMove);
    target.addEventListener("pointerup", onPointerUp);
    target.addEventListener("wheel", onWheel, { passive: false });
    target.addEventListener("dblclick", onDoubleClick);
  }
  canvas.addEventListener("pointerleave", (e) => {
    if (e.relatedTarget && overlay.contains(e.relatedTarget)) return;  // onto a label: still over the picture
    $("tooltip").hidden = true;
    if (ui.hover !== null) { ui.hover = null; render(); }
  });

  // ---------------------------------------------------------------------------------------------
  // The panels around the picture (viewer-panels.js)

  const { renderHierarchy, renderInspector, renderSteps, renderScrubber, renderStepInfo, renderStepDiagnostics,
    renderRunInfo, renderDevice } = NavLayoutPanels({ $, h, fmt, shown, X_ATTRIBUTES, rec, rtl, items, constraints, ui,
    opt, scene, presetOf, viewRecord, guideRecord, itemName, frameOf, renderCanvas, render, select, goToStep,
    diagnosticsByItem, worstSeverity, swatchColor, normalized });

  // ---------------------------------------------------------------------------------------------
  // Navigation, playback, the URL

  function render() {
    const sc = scene();
    if (!sc) return;
    renderDevice(sc);  // first: the header's chips can change the stage's size
    if (!ui.fitted) fit();
    renderCanvas(sc);
    renderHierarchy(sc);
    renderInspector(sc);
    renderScrubber(sc);
    renderStepInfo(sc);
    renderStepDiagnostics(sc);
    for (const b of $("steps").children) b.setAttribute("aria-selected", Number(b.dataset.step) === ui.step ? "true" : "false");
    writeHash();
  }

  function select(key) {
    ui.selected = key;
    ui.hoverConstraint = null;
    ui.focusAxis = null;
    render();
  }

  function goToStep(i) {
    stop();
    ui.step = Math.max(0, Math.min(rec.steps.length - 1, i));
    ui.sample = null;
    ui.activeDiagnostic = null;
    const sc = scene();
    const [W, H] = sc.state.mapSize;
    if (ui.lastSize && (ui.lastSize[0] !== W || ui.lastSize[1] !== H)) ui.fitted = false;
    ui.lastSize = [W, H];
    render();
    const chip = $("steps").children[ui.step];
    if (chip && chip.scrollIntoView) chip.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  function setSample(i) {
    const samples = currentStep().samples || [];
    if (!samples.length) return;
    ui.sample = Math.max(0, Math.min(samples.length - 1, i));
    render();
  }

  let timer = null;
  function play() {
    const samples = currentStep().samples || [];
    if (!samples.length) return;
    if (ui.sample === null || ui.sample >= samples.length - 1) ui.sample = 0;
    const speed = Number($("speed").value) || 1;
    const t0 = performance.now() - samples[ui.sample].t * 1000 / speed;
    ui.playing = true;
    $("play").textContent = "❚❚";
    const tick = (now) => {
      if (!ui.playing) return;
      const t = (now - t0) / 1000 * speed;
      let i = ui.sample;
      while (i < samples.length - 1 && samples[i + 1].t <= t) i++;
      if (i !== ui.sample) setSample(i);
      if (i >= samples.length - 1) { stop(); return; }
      timer = requestAnimationFrame(tick);
    };
    timer = requestAnimationFrame(tick);
  }
  function stop() {
    ui.playing = false;
    if (timer !== null) cancelAnimationFrame(timer);
    timer = null;
    $("play").textContent = "▶";
  }

  function writeHash() {
    const parts = [`step=${ui.step + 1}`];
    const step = currentStep();
    if (ui.sample !== null && step.samples.length) parts.push(`t=${step.samples[ui.sample].t}`);
    if (ui.selected !== null) parts.push(`item=${ui.selected}`);
    const hash = "#" + parts.join("&");
    if (location.hash !== hash && history.replaceState) {
      try { history.replaceState(null, "", hash); } catch (e) { /* file:// pages in some browsers */ }
    }
  }

  /** `#step=N` (1-based), `t=SECONDS` within the step, `item=KEY` or `view=IDENTIFIER`. */
  function readHash() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    const n = parseInt(params.get("step") || "1", 10);
    if (n >= 1 && n <= rec.steps.length) ui.step = n - 1;
    const step = currentStep();
    const t = parseFloat(params.get("t"));
    if (isFinite(t) && step.samples.length) {
      let best = 0;
      step.samples.forEach((smp, i) => { if (Math.abs(smp.t - t) < Math.abs(step.samples[best].t - t)) best = i; });
      ui.sample = best;
    }
    const key = parseInt(params.get("item"), 10);
    if (items.has(key)) ui.selected = key;
    const name = params.get("view");
    if (name !== null) {
      for (const [k, it] of items) if (it.identifier === name) { ui.selected = k; break; }
    }
  }

  // Controls
  for (const [id, name] of [["opt-labels", "labels"], ["opt-hidden", "hidden"], ["opt-guides", "guides"], ["opt-camera", "camera"], ["opt-diagnostics", "diagnostics"]]) {
    const box = $(id);
    box.checked = opt[name];
    box.addEventListener("change", () => { opt[name] = box.checked; render(); });
  }
  $("zoom-in").addEventListener("click", () => { const r = stage.getBoundingClientRect(); zoomAt(1.25, r.width / 2, r.height / 2); });
  $("zoom-out").addEventListener("click", () => { const r = stage.getBoundingClientRect(); zoomAt(0.8, r.width / 2, r.height / 2); });
  $("zoom-fit").addEventListener("click", () => { fit(); render(); });
  $("zoom-1").addEventListener("click", () => { const r = stage.getBoundingClientRect(); zoomAt(1 / ui.zoom, r.width / 2, r.height / 2); });
  $("scrubber").addEventListener("input", (e) => { stop(); setSample(Number(e.target.value)); });
  $("play").addEventListener("click", () => (ui.playing ? stop() : play()));
  document.addEventListener("keydown", (e) => {
    const tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (e.key === "ArrowRight") { goToStep(ui.step + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { goToStep(ui.step - 1); e.preventDefault(); }
    else if (e.key === " ") { ui.playing ? stop() : play(); e.preventDefault(); }
    else if (e.key === "Escape") select(null);
    else if (e.key === "0") { fit(); render(); }
    else if (e.key === "1") $("zoom-1").click();
    else if (e.key === "+" || e.key === "=") $("zoom-in").click();
    else if (e.key === "-") $("zoom-out").click();
  });
  // Refit when the drawing's box or the legend changes (the window, a header that wraps, the
  // legend opened or closed), unless the user has zoomed or panned since the last fit. The legend
  // is open where the stage has room (640 px) until the user opens or closes it.
  const refit = () => {
    if (!ui.autoFit || !fitBoxChanged()) return;
    ui.fitted = false;
    render();
  };
  let legendChosen = false;
  $("legend-box").querySelector("summary").addEventListener("click", () => { legendChosen = true; });
  function placeLegend() {
    if (!legendChosen) $("legend-box").open = stage.getBoundingClientRect().width >= 640;
  }
  if (window.ResizeObserver) {
    new ResizeObserver(() => { placeLegend(); requestAnimationFrame(refit); }).observe(stage);
  } else {
    window.addEventListener("resize", () => { placeLegend(); refit(); });
  }
  $("legend-box").addEventListener("toggle", refit);
  // A link followed within the page (the address bar, #step=N&t=…&view=…) shows its moment.
  window.addEventListener("hashchange", () => {
    stop();
    ui.sample = null;
    ui.activeDiagnostic = null;
    ui.focusAxis = null;
    readHash();
    const [W, H] = scene().state.mapSize;
    if (ui.lastSize[0] !== W || ui.lastSize[1] !== H) ui.fitted = false;
    ui.lastSize = [W, H];
    render();
  });

  // Start
  setupDefs($("defs"));
  renderLegend($("legend"));
  placeLegend();
  renderRunInfo();
  if (!rec.steps.length) {
    if (!rec.failure) fatal("The recording has no steps.");
    return;
  }
  renderSteps();
  readHash();
  ui.lastSize = scene().state.mapSize;
  render();
  document.documentElement.setAttribute("data-ready", "true");
})();

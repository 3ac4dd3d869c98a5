/* NavLayout viewer: shows a session recording (schema navlayout.recording/1, embedded in this page
   as JSON) — the device at real proportions, every view in z-order, the timeline of steps, the
   animation samples, the inspector and the diagnostics. Plain DOM and SVG, no framework, nothing
   loaded from the network. Text from the recording is only ever set with textContent or as an
   attribute value, never parsed as HTML. */
"use strict";

(function () {
  const SVGNS = "http://www.w3.org/2000/svg";
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

  /** An SVG element with attributes. */
  function s(tag, attrs, parent) {
    const e = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined) continue;
      e.setAttribute(k, String(v));
    }
    if (parent) parent.appendChild(e);
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
    zoom: 1, panX: 0, panY: 0, fitted: false,
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
  // Colours and component drawing

  const ROLE_COLORS = {
    turnCard: "#0b8043", etaCard: "#f8f9fa", googleLogo: "#9aa0a6", viewport: "#34a853",
    compass: "#ffffff", reporting: "#ffffff", unknownButton: "#ffffff", tripProgressBar: "#1a73e8",
    speedWidget: "#202124", prompt: "#e37400", map: "#e8eaed",
  };
  const SWATCH = {
    turnCard: "#0b8043", etaCard: "#f1f3f4", googleLogo: "#9aa0a6", viewport: "#34a853", compass: "#ea4335",
    reporting: "#f29900", unknownButton: "#a142f4", tripProgressBar: "#1a73e8", speedWidget: "#d93025",
    prompt: "#e37400", hidingStack: "#8ab4f8", host: "#fdd663", guide: "#af82ff", map: "#5f6368",
  };
  const PROMPT_COLORS = { incident: "#e37400", speedCamera: "#1a73e8", traffic: "#d93025", betterRoute: "#188038" };

  function swatchColor(key) {
    const it = items.get(key);
    if (!it) return "#888";
    if (it.type === "guide") return SWATCH.guide;
    if (it.kind === "host") return SWATCH.host;
    if (it.kind === "hidingStack") return SWATCH.hidingStack;
    return SWATCH[it.role] || "#888";
  }

  /** A rounded rectangle path with a radius per corner: [minXminY, maxXminY, minXmaxY, maxXmaxY]. */
  function roundedPath(x, y, w, h, radii) {
    const lim = Math.max(0, Math.min(w, h) / 2);
    const [a, b, c, d] = radii.map((r) => Math.min(r, lim));
    return `M${x + a},${y}H${x + w - b}` + (b ? `A${b},${b} 0 0 1 ${x + w},${y + b}` : "") +
      `V${y + h - d}` + (d ? `A${d},${d} 0 0 1 ${x + w - d},${y + h}` : "") +
      `H${x + c}` + (c ? `A${c},${c} 0 0 1 ${x},${y + h - c}` : "") +
      `V${y + a}` + (a ? `A${a},${a} 0 0 1 ${x + a},${y}` : "") + "Z";
  }

  function inset(f, m) {
    // m = [top, left, bottom, right]
    return [f[0] + m[1], f[1] + m[0], Math.max(0, f[2] - m[1] - m[3]), Math.max(0, f[3] - m[0] - m[2])];
  }

  /** Skeleton text: a rounded bar standing for a line of text. */
  function bar(g, x, y, w, hgt, fill, opacity) {
    if (w <= 0 || hgt <= 0) return;
    s("rect", { x, y, width: w, height: hgt, rx: hgt / 2, fill, "fill-opacity": opacity === undefined ? 1 : opacity }, g);
  }

  /** Draws one view as the component it is, inside the group `g`, in points. */
  function drawView(g, sc, v) {
    const it = items.get(v.key) || {};
    const rec0 = viewRecord(sc, v.key) || {};
    const [x, y, w, hh] = v.frame;
    const margins = rec0.layoutMargins || [0, 0, 0, 0];
    const role = it.role;
    const kind = it.kind;
    const lead = (f, inner) => rtl ? f[0] + f[2] - inner : f[0];
    if (kind === "map") return;
    if (w <= 0 || hh <= 0) {
      // A zero-size view (the speed widget in mode "none", a collapsed host view): a marker.
      s("circle", { cx: x, cy: y, r: 3, fill: "none", stroke: "#5f6368", "stroke-width": 1, class: "nss" }, g);
      return;
    }
    if (kind === "prompt") {
      const corners = rec0.roundedCorners === undefined ? 3 : rec0.roundedCorners;
      const radii = [1, 2, 4, 8].map((bit) => (corners & bit) ? 12 : 0);
      const promptKind = (it.identifier || "").replace(/Prompt$/, "");
      const color = PROMPT_COLORS[promptKind] || ROLE_COLORS.prompt;
      s("path", { d: roundedPath(x, y, w, hh, radii), fill: "#ffffff", stroke: "#c4c7c5", "stroke-width": 1, class: "nss" }, g);
      const c = inset(v.frame, margins);
      s("path", { d: roundedPath(x, y, w, Math.min(6, hh), [radii[0], radii[1], 0, 0]), fill: color }, g);
      const icon = Math.min(40, c[3] - 16);
      if (icon > 8) {
        const ix = rtl ? c[0] + c[2] - 8 - icon : c[0] + 8;
        s("circle", { cx: ix + icon / 2, cy: c[1] + 14 + icon / 2, r: icon / 2, fill: color }, g);
        s("text", { x: ix + icon / 2, y: c[1] + 14 + icon / 2 + icon * 0.18, "text-anchor": "middle", "font-size": icon * 0.5,
          "font-weight": 700, fill: "#fff", "font-family": "DejaVu Sans, Arial, sans-serif" }, g).textContent =
          { incident: "!", speedCamera: "◉", traffic: "≡", betterRoute: "↗" }[promptKind] || "•";
        const tx = rtl ? c[0] + 8 : ix + icon + 12;
        const tw = c[2] - icon - 28;
        bar(g, tx, c[1] + 18, tw * 0.75, 10, "#202124", 0.8);
        bar(g, tx, c[1] + 36, tw * 0.55, 8, "#5f6368", 0.6);
      }
      return;
    }
    if (kind === "hidingStack") {
      s("rect", { x, y, width: w, height: hh, fill: "rgba(138,180,248,0.06)", stroke: "#8ab4f8", "stroke-width": 1.2,
        "stroke-dasharray": "5 4", class: "nss" }, g);
      return;
    }
    if (kind === "host") {
      const opaque = rec0.opaque !== false;
      s("rect", { x, y, width: w, height: hh, rx: 4, fill: opaque ? "#fffdf2" : "rgba(253,214,99,0.08)",
        stroke: "#b08900", "stroke-width": 1.5, "stroke-dasharray": opaque ? null : "6 3", class: "nss" }, g);
      if (opaque && hh > 20 && w > 40) {
        const c = inset(v.frame, [8, 10, 8, 10]);
        bar(g, lead(c, c[2] * 0.5), c[1] + 4, c[2] * 0.5, 8, "#5f6368", 0.5);
      }
      return;
    }
    switch (role) {
      case "viewport": {
        s("rect", { x, y, width: w, height: hh, fill: "url(#nl-hatch)", stroke: "#188038", "stroke-width": 1.5,
          "stroke-dasharray": "8 4", class: "nss" }, g);
        return;
      }
      case "turnCard": {
        s("path", { d: roundedPath(x, y, w, hh, [0, 0, 12, 12]), fill: "#0b8043" }, g);
        const c = inset(v.frame, margins);
        const top = Math.max(c[1], y + hh - 104 + 8);
        const size = Math.min(48, c[3] - 8, top + 56 > y + hh ? y + hh - top - 8 : 48);
        if (size > 10) {
          const ax = rtl ? c[0] + c[2] - 8 - size : c[0] + 8;
          const ay = top + 4;
          // A turn arrow: up, then right (mirrored for right-to-left).
          const k = size / 48;
          const dir = rtl ? -1 : 1;
          const ox = rtl ? ax + size : ax;
          const p = (px, py) => `${ox + dir * px * k},${ay + py * k}`;
          s("path", { d: `M${p(14, 46)}L${p(14, 20)}Q${p(14, 14)} ${p(20, 14)}L${p(32, 14)}L${p(32, 6)}L${p(46, 19)}L${p(32, 32)}L${p(32, 24)}L${p(24, 24)}L${p(24, 46)}Z`,
            fill: "#ffffff" }, g);
          const tx = rtl ? c[0] + 8 : ax + size + 14;
          const tw = c[2] - size - 36;
          bar(g, tx + (rtl ? tw * 0.5 : 0), ay + 6, tw * 0.5, 14, "#ffffff", 0.95);
          bar(g, tx + (rtl ? tw * 0.2 : 0), ay + 30, tw * 0.8, 9, "#ffffff", 0.7);
        }
        return;
      }
      case "etaCard": {
        s("path", { d: roundedPath(x, y, w, hh, [12, 12, 0, 0]), fill: "#ffffff", stroke: "#c4c7c5", "stroke-width": 1, class: "nss" }, g);
        const c = inset(v.frame, margins);
        const contentH = Math.min(c[3], 56);
        if (contentH > 16 && c[2] > 80) {
          const cy = c[1] + contentH / 2;
          const r = Math.min(16, contentH / 2 - 2);
          const bx = rtl ? c[0] + 8 + r : c[0] + c[2] - 8 - r;
          s("circle", { cx: bx, cy, r, fill: "#f1f3f4", stroke: "#dadce0", "stroke-width": 1, class: "nss" }, g);
          s("path", { d: `M${bx - r / 3},${cy - r / 3}L${bx + r / 3},${cy + r / 3}M${bx + r / 3},${cy - r / 3}L${bx - r / 3},${cy + r / 3}`,
            stroke: "#d93025", "stroke-width": 2, class: "nss" }, g);
          const tw = c[2] - 3 * r - 24;
          const tx = rtl ? c[0] + c[2] - 8 - tw * 0.45 : c[0] + 8;
          bar(g, tx, cy - 12, tw * 0.45, 11, "#188038", 0.95);
          bar(g, rtl ? c[0] + c[2] - 8 - tw * 0.7 : c[0] + 8, cy + 5, tw * 0.7, 8, "#5f6368", 0.55);
        }
        return;
      }
      case "compass": case "reporting": case "unknownButton": {
        const c = inset(v.frame, margins);
        const r = Math.max(1, Math.min(c[2], c[3]) / 2);
        const cx = c[0] + c[2] / 2, cy = c[1] + c[3] / 2;
        s("circle", { cx, cy, r, fill: "#ffffff", stroke: "#c4c7c5", "stroke-width": 1, class: "nss" }, g);
        if (role === "compass") {
          s("path", { d: `M${cx},${cy - r * 0.62}L${cx + r * 0.22},${cy}L${cx - r * 0.22},${cy}Z`, fill: "#ea4335" }, g);
          s("path", { d: `M${cx},${cy + r * 0.62}L${cx + r * 0.22},${cy}L${cx - r * 0.22},${cy}Z`, fill: "#9aa0a6" }, g);
        } else if (role === "reporting") {
          s("path", { d: `M${cx},${cy - r * 0.55}L${cx + r * 0.55},${cy + r * 0.42}L${cx - r * 0.55},${cy + r * 0.42}Z`, fill: "#f29900" }, g);
          s("rect", { x: cx - r * 0.05, y: cy - r * 0.2, width: r * 0.1, height: r * 0.34, fill: "#fff" }, g);
        } else {
          s("text", { x: cx, y: cy + r * 0.3, "text-anchor": "middle", "font-size": r * 0.9, "font-weight": 700, fill: "#a142f4",
            "font-family": "DejaVu Sans, Arial, sans-serif" }, g).textContent = "?";
        }
        return;
      }
      case "googleLogo": {
        const c = inset(v.frame, margins);
        if (sc.state.recenterButton) {
          s("rect", { x: c[0], y: c[1], width: c[2], height: c[3], rx: Math.min(c[3] / 2, 20), fill: "#ffffff", stroke: "#c4c7c5", "stroke-width": 1, class: "nss" }, g);
          const r = Math.min(8, c[3] / 3);
          const ix = rtl ? c[0] + c[2] - 12 - r : c[0] + 12 + r;
          s("path", { d: `M${ix},${c[1] + c[3] / 2 - r}L${ix + r * 0.8},${c[1] + c[3] / 2 + r}L${ix},${c[1] + c[3] / 2 + r * 0.45}L${ix - r * 0.8},${c[1] + c[3] / 2 + r}Z`, fill: "#1a73e8" }, g);
          s("text", { x: rtl ? c[0] + c[2] - 24 - 2 * r : c[0] + 24 + 2 * r, y: c[1] + c[3] / 2 + 5, "font-size": 14, "font-weight": 600,
            fill: "#1a73e8", "text-anchor": rtl ? "end" : "start", "font-family": "DejaVu Sans, Arial, sans-serif" }, g).textContent = "Re-center";
        } else {
          const letters = [["G", "#4285f4"], ["o", "#ea4335"], ["o", "#fbbc04"], ["g", "#4285f4"], ["l", "#34a853"], ["e", "#ea4335"]];
          const t = s("text", { x: c[0] + c[2] / 2, y: c[1] + c[3] * 0.78, "text-anchor": "middle", "font-size": Math.max(4, c[3] * 0.95),
            "font-weight": 600, "font-family": "DejaVu Sans, Arial, sans-serif", textLength: c[2], lengthAdjust: "spacingAndGlyphs" }, g);
          for (const [ch, col] of letters) s("tspan", { fill: col }, t).textContent = ch;
        }
        return;
      }
      case "speedWidget": {
        const c = inset(v.frame, margins);
        const mode = sc.state.speedWidgetMode;
        const disc = (cy, limit) => {
          const r = Math.min(c[2], c[3]) / 2;
          const cx = c[0] + c[2] / 2;
          if (limit) {
            s("circle", { cx, cy, r, fill: "#ffffff" }, g);
            s("circle", { cx, cy, r: r * 0.84, fill: "none", stroke: "#d93025", "stroke-width": r * 0.16 }, g);
            s("text", { x: cx, y: cy + r * 0.3, "text-anchor": "middle", "font-size": r * 0.85, "font-weight": 700, fill: "#202124",
              "font-family": "DejaVu Sans, Arial, sans-serif" }, g).textContent = "50";
          } else {
            s("circle", { cx, cy, r, fill: "#202124" }, g);
            s("text", { x: cx, y: cy + r * 0.2, "text-anchor": "middle", "font-size": r * 0.8, "font-weight": 700, fill: "#ffffff",
              "font-family": "DejaVu Sans, Arial, sans-serif" }, g).textContent = "42";
            s("text", { x: cx, y: cy + r * 0.58, "text-anchor": "middle", "font-size": r * 0.3, fill: "#bdc1c6",
              "font-family": "DejaVu Sans, Arial, sans-serif" }, g).textContent = "km/h";
          }
        };
        if (mode === "both") {
          const half = c[3] / 2;
          const r = Math.min(c[2], half) / 2;
          disc(c[1] + r, true);
          disc(c[1] + c[3] - r, false);
        } else if (mode === "speedLimit") {
          disc(c[1] + c[3] / 2, true);
        } else if (mode === "speedometer") {
          disc(c[1] + c[3] / 2, false);
        }
        return;
      }
      case "tripProgressBar": {
        const c = inset(v.frame, margins);
        const r = Math.min(c[2] / 2, 6);
        s("rect", { x: c[0], y: c[1], width: c[2], height: c[3], rx: r, fill: "#dadce0", stroke: "#9aa0a6", "stroke-width": 1, class: "nss" }, g);
        s("rect", { x: c[0], y: c[1] + c[3] * 0.4, width: c[2], height: c[3] * 0.6, rx: r, fill: "#1a73e8" }, g);
        s("circle", { cx: c[0] + c[2] / 2, cy: c[1] + c[3] * 0.4, r: c[2] * 0.75, fill: "#ffffff", stroke: "#1a73e8", "stroke-width": 2, class: "nss" }, g);
        return;
      }
      default: {
        s("rect", { x, y, width: w, height: hh, fill: "rgba(255,255,255,0.4)", stroke: "#5f6368", "stroke-width": 1, class: "nss" }, g);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // The canvas

  const canvas = $("canvas");
  const world = $("world");
  const overlay = $("overlay");
  const stage = $("stage");

  function setupDefs() {
    const defs = $("defs");
    const hatch = s("pattern", { id: "nl-hatch", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    s("rect", { width: 10, height: 10, fill: "rgba(52,168,83,0.10)" }, hatch);
    s("line", { x1: 0, y1: 0, x2: 0, y2: 10, stroke: "rgba(24,128,56,0.35)", "stroke-width": 3 }, hatch);
    const unsafe = s("pattern", { id: "nl-unsafe", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(-45)" }, defs);
    s("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "rgba(95,99,104,0.22)", "stroke-width": 2 }, unsafe);
    const roads = s("pattern", { id: "nl-roads", width: 120, height: 120, patternUnits: "userSpaceOnUse" }, defs);
    s("rect", { width: 120, height: 120, fill: "#eef0e6" }, roads);
    s("path", { d: "M0,40H120M70,0V120M0,100L120,85", stroke: "#ffffff", "stroke-width": 7, fill: "none" }, roads);
    s("path", { d: "M0,40H120M70,0V120", stroke: "#dfe3d3", "stroke-width": 1, fill: "none" }, roads);
  }

  /** The screen's corner radius for the preset (points): phones with a sensor housing 55, iPads
   *  18, the rest square. Only the drawing uses it. */
  function screenRadius() {
    const p = rec.preset || "";
    if (p === "iphone-portrait" || p === "iphone-landscape") return 55;
    if (p.startsWith("ipad")) return 18;
    return 0;
  }

  function worldToScreen(x, y) { return [x * ui.zoom + ui.panX, y * ui.zoom + ui.panY]; }
  function screenToWorld(px, py) { return [(px - ui.panX) / ui.zoom, (py - ui.panY) / ui.zoom]; }

  /** Fits the device into the stage, beside the legend when it is open. */
  function fit() {
    const sc = scene();
    if (!sc) return;
    const [W, H] = sc.state.mapSize;
    const r = stage.getBoundingClientRect();
    const pad = 36;
    const legend = $("legend-box");
    const left = legend && legend.open ? legend.getBoundingClientRect().right - r.left + 24 : pad;
    const width = Math.max(120, r.width - left - pad);
    const z = Math.max(0.05, Math.min(width / (W + 36), (r.height - 2 * pad) / (H + 36)));
    ui.zoom = z;
    ui.panX = left + (width - W * z) / 2;
    ui.panY = (r.height - H * z) / 2;
    ui.fitted = true;
  }

  function zoomAt(factor, px, py) {
    const [wx, wy] = screenToWorld(px, py);
    ui.zoom = Math.max(0.05, Math.min(40, ui.zoom * factor));
    ui.panX = px - wx * ui.zoom;
    ui.panY = py - wy * ui.zoom;
    render();
  }

  function renderCanvas(sc) {
    world.replaceChildren();
    overlay.replaceChildren();
    world.setAttribute("transform", `translate(${ui.panX},${ui.panY}) scale(${ui.zoom})`);
    $("zoom-level").textContent = Math.round(ui.zoom * 100) + "%";
    const [W, H] = sc.state.mapSize;
    const [st, sl, sb, sr] = sc.state.safeArea;
    const R = screenRadius();
    const bezel = 14;
    // Device body and screen.
    s("rect", { x: -bezel, y: -bezel, width: W + 2 * bezel, height: H + 2 * bezel, rx: R ? R + bezel : 10, fill: "#0f1012",
      stroke: "#4a4c52", "stroke-width": 1.5, class: "nss" }, world);
    const screen = s("g", {}, world);
    s("rect", { x: 0, y: 0, width: W, height: H, rx: R, fill: "url(#nl-roads)" }, screen);
    // The unsafe bands (outside the safe area).
    const unsafe = s("path", {
      d: `M0,0H${W}V${H}H0Z M${sl},${st}V${H - sb}H${W - sr}V${st}Z`, fill: "url(#nl-unsafe)", "fill-rule": "evenodd",
    }, screen);
    unsafe.appendChild(document.createElementNS(SVGNS, "title")).textContent = "outside the safe area";
    s("rect", { x: sl, y: st, width: Math.max(0, W - sl - sr), height: Math.max(0, H - st - sb), fill: "none",
      stroke: "#80868b", "stroke-width": 1, "stroke-dasharray": "4 3", class: "nss" }, screen);
    // Views, back to front.
    const layer = s("g", {}, world);
    for (const v of sc.views) {
      if (!v.visible && !opt.hidden) continue;
      const it = items.get(v.key) || {};
      const g = s("g", { class: "view" + (v.visible ? "" : " hidden-ghost"), "data-key": v.key, "data-role": it.role || "",
        "data-kind": it.kind || "", "data-identifier": it.identifier || "" }, layer);
      drawView(g, sc, v);
    }
    // Vehicle point over the views (the camera's, SPEC §6).
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
      overlay.appendChild(h("div", { class: "vlabel on-dark", style: `left:${px + 2}px;top:${py - 15}px;max-width:240px` }, shown(gd.identifier)));
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
      const f = frameOf(sc, key);
      if (!f) continue;
      const sev = worstSeverity(list.map((i) => diags[i].severity));
      const active = ui.activeDiagnostic !== null && list.includes(ui.activeDiagnostic);
      s("rect", { x: f[0], y: f[1], width: Math.max(f[2], 0.5), height: Math.max(f[3], 0.5),
        class: "diag-outline " + sev + (active ? " active" : "") }, g);
      const [px, py] = worldToScreen(f[0] + f[2], f[1]);
      const codes = [...new Set(list.map((i) => diags[i].code))];
      overlay.appendChild(h("div", { class: "diag-badge " + sev, style: `left:${px - 2}px;top:${py + 9}px`,
        title: codes.join(", ") }, (sev === "error" ? "✖ " : sev === "warning" ? "▲ " : "ℹ ") + codes.join(", ")));
    }
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
      if (f) s("rect", { x: f[0], y: f[1], width: Math.max(f[2], 0.5), height: Math.max(f[3], 0.5), class: "hover-outline" }, g);
    }
    if (ui.selected === null) return;
    const f = frameOf(sc, ui.selected);
    if (!f) return;
    s("rect", { x: f[0], y: f[1], width: Math.max(f[2], 0.5), height: Math.max(f[3], 0.5), class: "sel-outline" }, g);
    const r = viewRecord(sc, ui.selected);
    if (r && r.layoutMargins && r.layoutMargins.some((m) => m !== 0)) {
      const m = inset(f, r.layoutMargins);
      s("rect", { x: m[0], y: m[1], width: m[2], height: m[3], class: "margins" }, g);
    }
    // Spacing to the superview's edges (what Xcode's size inspector calls the distances).
    const parentKey = r ? r.parent : null;
    const pf = parentKey !== null && parentKey !== undefined ? frameOf(sc, parentKey) : null;
    if (pf && ui.hoverConstraint === null) {
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

  function drawLabels(sc) {
    for (const v of sc.views) {
      const it = items.get(v.key) || {};
      if (it.kind === "map" || (!v.visible && !opt.hidden)) continue;
      const [x, y, w, hh] = v.frame;
      const [px, py] = worldToScreen(x, y);
      const pw = w * ui.zoom, ph = hh * ui.zoom;
      const selected = v.key === ui.selected;
      if (!selected && (pw < 26 || ph < 13)) continue;
      const dark = it.role === "turnCard" || it.role === "speedWidget";
      overlay.appendChild(h("div", {
        class: "vlabel" + (dark ? " on-dark" : "") + (selected ? " selected" : ""),
        style: `left:${px + 2}px;top:${py + 2}px;max-width:${Math.max(selected ? 200 : 0, pw - 4)}px`,
      }, shown(it.identifier) + (v.visible ? "" : " (hidden)")));
    }
  }

  /** Views under a point (world coordinates), front to back. */
  function viewsAt(sc, wx, wy) {
    const hits = [];
    for (const v of sc.views) {
      const it = items.get(v.key) || {};
      if (it.kind === "map" || (!v.visible && !opt.hidden)) continue;
      const [x, y, w, hh] = v.frame;
      if (wx >= x && wx <= x + w && wy >= y && wy <= y + hh) hits.push(v);
    }
    return hits.reverse().map((v) => v.key);
  }

  // Pointer handling: click selects (again: the view behind), drag pans, wheel zooms.
  let drag = null;
  canvas.addEventListener("pointerdown", (e) => {
    drag = { x: e.clientX, y: e.clientY, panX: ui.panX, panY: ui.panY, moved: false };
    canvas.setPointerCapture(e.pointerId);
  });
  canvas.addEventListener("pointermove", (e) => {
    const r = stage.getBoundingClientRect();
    if (drag) {
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (drag.moved || Math.abs(dx) + Math.abs(dy) > 4) {
        drag.moved = true;
        canvas.classList.add("panning");
        ui.panX = drag.panX + dx;
        ui.panY = drag.panY + dy;
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
  });
  canvas.addEventListener("pointerleave", () => { $("tooltip").hidden = true; if (ui.hover !== null) { ui.hover = null; render(); } });
  canvas.addEventListener("pointerup", (e) => {
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
  });
  canvas.addEventListener("wheel", (e) => {
    e.preventDefault();
    const r = stage.getBoundingClientRect();
    zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
  canvas.addEventListener("dblclick", () => { fit(); render(); });

  // ---------------------------------------------------------------------------------------------
  // Hierarchy and legend

  function renderHierarchy(sc) {
    const list = $("hierarchy");
    list.replaceChildren();
    const byItem = diagnosticsByItem(sc.state);
    const depth = new Map();
    for (const v of sc.views) {
      const r = viewRecord(sc, v.key);
      const p = r ? r.parent : null;
      depth.set(v.key, p === null || p === undefined || !depth.has(p) ? 0 : depth.get(p) + 1);
    }
    const row = (key, z, d, isGuide, visible) => {
      const it = items.get(key) || {};
      const diags = byItem.get(key) || [];
      const sev = diags.length ? worstSeverity(diags.map((i) => sc.state.diagnostics[i].severity)) : null;
      const li = h("li", {
        class: (key === ui.selected ? "selected " : "") + (key === ui.hover ? "hover " : "") + (isGuide ? "guide " : "") + (visible ? "" : "hidden-view"),
        style: `padding-left:${6 + d * 14}px`, "data-key": key, title: shown(it.identifier),
        onclick: () => select(key),
        onmouseenter: () => { ui.hover = key; renderCanvas(scene()); },
        onmouseleave: () => { ui.hover = null; renderCanvas(scene()); },
      },
      h("span", { class: "z" }, isGuide ? "" : String(z)),
      h("span", { class: "swatch", style: `background:${swatchColor(key)}` }),
      h("span", { class: "name" }, shown(it.identifier)),
      h("span", { class: "kind" }, isGuide ? "guide" : (it.kind === "component" ? it.role : it.kind === "prompt" ? "prompt" : it.kind === "hidingStack" ? "stack" : it.kind === "map" ? "root" : "host")),
      sev ? h("span", { class: "badge " + sev, title: diags.map((i) => sc.state.diagnostics[i].code).join(", ") }, String(diags.length)) : null);
      list.appendChild(li);
    };
    for (const v of sc.views) {
      if (!v.visible && !opt.hidden) continue;
      row(v.key, v.z, depth.get(v.key) || 0, false, v.visible);
      if (opt.guides) {
        for (const gd of sc.state.guides.filter((x) => x.owner === v.key)) row(gd.key, null, (depth.get(v.key) || 0) + 1, true, true);
      }
    }
  }

  function legendIcon(draw) {
    const svg = document.createElementNS(SVGNS, "svg");
    svg.setAttribute("width", "22");
    svg.setAttribute("height", "14");
    svg.setAttribute("viewBox", "0 0 22 14");
    draw(svg);
    return svg;
  }

  function renderLegend() {
    const entries = [
      ["turn card", (g) => s("path", { d: roundedPath(1, 1, 20, 12, [0, 0, 4, 4]), fill: "#0b8043" }, g)],
      ["ETA card", (g) => s("path", { d: roundedPath(1, 1, 20, 12, [4, 4, 0, 0]), fill: "#fff", stroke: "#c4c7c5" }, g)],
      ["button", (g) => s("circle", { cx: 11, cy: 7, r: 6, fill: "#fff", stroke: "#c4c7c5" }, g)],
      ["logo / re-center", (g) => { s("rect", { x: 1, y: 2, width: 20, height: 10, rx: 5, fill: "#fff" }, g); s("text", { x: 11, y: 10.5, "text-anchor": "middle", "font-size": 8, fill: "#4285f4", "font-family": "DejaVu Sans, Arial" }, g).textContent = "G"; }],
      ["speed widget", (g) => { s("circle", { cx: 11, cy: 7, r: 6, fill: "#fff", stroke: "#d93025", "stroke-width": 1.5 }, g); }],
      ["trip progress", (g) => { s("rect", { x: 8, y: 1, width: 6, height: 12, rx: 3, fill: "#1a73e8" }, g); }],
      ["prompt", (g) => s("path", { d: roundedPath(1, 1, 20, 12, [4, 4, 0, 0]), fill: "#fff", stroke: "#e37400" }, g)],
      ["viewport", (g) => s("rect", { x: 1, y: 1, width: 20, height: 12, fill: "url(#nl-hatch)", stroke: "#188038", "stroke-dasharray": "3 2" }, g)],
      ["vehicle point", (g) => s("circle", { cx: 11, cy: 7, r: 4.5, fill: "#1a73e8", stroke: "#fff", "stroke-width": 1.5 }, g)],
      ["host view", (g) => s("rect", { x: 1, y: 1, width: 20, height: 12, rx: 2, fill: "#fffdf2", stroke: "#b08900" }, g)],
      ["hiding stack", (g) => s("rect", { x: 1, y: 1, width: 20, height: 12, fill: "none", stroke: "#8ab4f8", "stroke-dasharray": "3 2" }, g)],
      ["layout guide", (g) => s("rect", { x: 1, y: 1, width: 20, height: 12, fill: "none", stroke: "#af82ff", "stroke-dasharray": "4 2" }, g)],
      ["outside safe area", (g) => s("rect", { x: 1, y: 1, width: 20, height: 12, fill: "url(#nl-unsafe)", stroke: "#80868b", "stroke-dasharray": "2 2" }, g)],
      ["camera padding", (g) => { s("line", { x1: 11, y1: 1, x2: 11, y2: 13, stroke: "#2ec4b6", "stroke-width": 1.5 }, g); s("line", { x1: 7, y1: 1, x2: 15, y2: 1, stroke: "#2ec4b6" }, g); }],
      ["spacing", (g) => { s("line", { x1: 1, y1: 7, x2: 21, y2: 7, stroke: "#ff375f" }, g); }],
      ["layout margins", (g) => s("rect", { x: 3, y: 3, width: 16, height: 8, fill: "none", stroke: "#ff9f0a", "stroke-dasharray": "2 2" }, g)],
      ["error", (g) => s("rect", { x: 1, y: 1, width: 20, height: 12, fill: "none", stroke: "#ff5c52", "stroke-width": 2 }, g)],
      ["warning", (g) => s("rect", { x: 1, y: 1, width: 20, height: 12, fill: "none", stroke: "#ffb340", "stroke-width": 2, "stroke-dasharray": "4 2" }, g)],
      ["info", (g) => s("rect", { x: 1, y: 1, width: 20, height: 12, fill: "none", stroke: "#64b5ff", "stroke-width": 2, "stroke-dasharray": "1 2" }, g)],
      ["hidden view", (g) => s("rect", { x: 1, y: 1, width: 20, height: 12, fill: "#9aa0a6", opacity: 0.3 }, g)],
    ];
    const list = $("legend");
    for (const [label, draw] of entries) list.appendChild(h("li", {}, legendIcon(draw), label));
  }

  // ---------------------------------------------------------------------------------------------
  // Inspector

  function constraintRow(sc, index, conflictSet, selectedKey) {
    const c = constraints[index];
    if (!c) return null;
    const other = [c.first.item, c.second ? c.second.item : null].find((k) => k !== null && k !== selectedKey);
    const li = h("li", {
      class: (conflictSet.has(index) ? "conflict " : "") + (c.broken ? "broken " : "") + (c.holds === false ? "unmet" : ""),
      "data-constraint": index,
      onmouseenter: () => { ui.hoverConstraint = index; renderCanvas(scene()); },
      onmouseleave: () => { ui.hoverConstraint = null; renderCanvas(scene()); },
    },
    h("div", { class: "ctext" }, c.text),
    h("div", { class: "cmeta" },
      c.priority < 1000 ? h("span", { class: "chip" }, "@" + fmt(c.priority)) : h("span", { class: "chip" }, "required"),
      h("span", { class: "chip" + (c.owner === "engine" ? " info" : "") }, c.owner === "engine" ? "engine: " + (c.role || "") : "host"),
      c.identifier ? h("span", { class: "chip" }, "id " + shown(c.identifier)) : null,
      c.holds === true ? h("span", { class: "chip ok" }, "holds") : null,
      c.holds === false ? h("span", { class: "chip warning" }, "not met") : null,
      c.broken ? h("span", { class: "chip error" }, "broken: left out") : null,
      conflictSet.has(index) ? h("span", { class: "chip error" }, "in conflict") : null,
      other !== undefined && other !== null ? h("button", { class: "link", type: "button", onclick: () => select(other) }, "→ " + itemName(other)) : null));
    return li;
  }

  function renderInspector(sc) {
    const box = $("inspector");
    box.replaceChildren();
    if (ui.selected === null) {
      box.appendChild(h("p", { class: "empty" }, "Select a view on the device or in the hierarchy."));
      return;
    }
    const key = ui.selected;
    const it = items.get(key) || {};
    const v = sc.views.find((x) => x.key === key);
    const r = it.type === "guide" ? guideRecord(sc, key) : viewRecord(sc, key);
    box.appendChild(h("div", { class: "insp-title" },
      h("span", { class: "name", id: "inspector-name" }, shown(it.identifier)),
      h("span", { class: "chip strong" }, it.type === "guide" ? (it.builtIn ? "built-in guide" : "layout guide") :
        it.kind === "component" ? "SDK component: " + it.role : it.kind === "prompt" ? "prompt" : it.kind === "hidingStack" ? "hiding stack" : it.kind === "map" ? "map view (root)" : "host view"),
      v && !v.visible ? h("span", { class: "chip warning" }, "hidden") : null,
      !v && !r ? h("span", { class: "chip" }, "not in the hierarchy now") : null));
    const frame = v ? v.frame : r ? r.frame : null;
    const quad = (values) => values.map(fmt).join(", ");
    if (frame) {
      box.appendChild(h("h3", {}, sc.sampled && sc.t < sc.step.duration ? `Frame at ${fmt(sc.t)} s (presented)` : "Frame (x, y, width, height)"));
      box.appendChild(h("div", { id: "inspector-frame", class: "frame-text", "data-frame": frame.map(fmt).join(",") }, `(${quad(frame)})`));
      if (r && r.targetFrame && r.targetFrame.some((n, i) => Math.abs(n - frame[i]) > 0.0005)) {
        box.appendChild(h("div", { class: "target-text" }, `→ (${quad(r.targetFrame)}) when the animation ends`));
      }
    }
    const facts = [];
    if (r && r.layoutMargins) facts.push(["layout margins", quad(r.layoutMargins) + "  (t, l, b, r)"]);
    const parentKey = r && r.parent !== undefined ? r.parent : (r && r.owner !== undefined ? r.owner : null);
    const pf = parentKey !== null && parentKey !== undefined ? frameOf(sc, parentKey) : null;
    if (frame && pf) {
      facts.push(["to " + itemName(parentKey), quad([frame[1] - pf[1], frame[0] - pf[0], pf[1] + pf[3] - frame[1] - frame[3],
        pf[0] + pf[2] - frame[0] - frame[2]]) + "  (t, l, b, r)"]);
      const [W, H] = sc.state.mapSize;
      const [st, sl, sb, sr] = sc.state.safeArea;
      facts.push(["to the safe area", quad([frame[1] - st, frame[0] - sl, H - sb - frame[1] - frame[3], W - sr - frame[0] - frame[2]]) + "  (t, l, b, r)"]);
    }
    if (v) facts.push(["z-order", String(v.z)]);
    if (r && r.parent !== undefined && r.parent !== null) facts.push(["superview", itemName(r.parent)]);
    if (r && r.owner !== undefined) facts.push(["owning view", itemName(r.owner)]);
    if (r && r.opaque !== undefined && it.kind === "host") facts.push(["opaque", r.opaque ? "yes (obstructs the viewport)" : "no"]);
    if (r && r.hidden) facts.push(["isHidden", "true"]);
    if (r && r.roundedCorners !== undefined) {
      const names = ["minXminY", "maxXminY", "minXmaxY", "maxXmaxY"].filter((_, i) => r.roundedCorners & (1 << i));
      facts.push(["rounded corners", names.length ? names.join(", ") : "none"]);
    }
    if (r && r.stack) {
      facts.push(["stack", `${r.stack.position}, ${r.stack.alignment}, spacing ${fmt(r.stack.spacing)}`]);
      facts.push(["arranged", r.stack.arranged.map(itemName).join(", ") || "none"]);
    }
    if (it.role === "speedWidget") facts.push(["mode", sc.state.speedWidgetMode]);
    if (it.role === "googleLogo") facts.push(["shows", sc.state.recenterButton ? "the re-center button" : "the logo"]);
    if (it.role === "viewport" && sc.camera) {
      facts.push(["camera padding", sc.camera.padding.map(fmt).join(", ") + " (top, left, bottom, right)"]);
      facts.push(["vehicle point", `(${sc.camera.vehiclePoint.map(fmt).join(", ")})`]);
    }
    if (facts.length) {
      box.appendChild(h("h3", {}, "Layout"));
      box.appendChild(h("dl", { class: "kv" }, facts.map(([k, val]) => [h("dt", {}, k), h("dd", {}, val)])));
    }
    // Diagnostics that name the item, then its constraints.
    const diags = (sc.state.diagnostics || []).map((d, i) => [d, i]).filter(([d]) => d.items.includes(key));
    const conflictSet = new Set();
    for (const d of sc.state.diagnostics || []) for (const ci of d.constraints || []) conflictSet.add(ci);
    if (diags.length) {
      box.appendChild(h("h3", {}, "Diagnostics naming it"));
      box.appendChild(h("ul", { class: "diag-list", id: "inspector-diagnostics" }, diags.map(([d, i]) => diagnosticItem(d, i, sc))));
    }
    const lists = r && r.affecting ? ["horizontal", "vertical"].map((axis) => [axis, r.affecting[axis] || [], "Constraints affecting layout"])
      : r && r.constraints ? ["horizontal", "vertical"].map((axis) => [axis,
        r.constraints.filter((ci) => constraints[ci] && (X_ATTRIBUTES.has(constraints[ci].first.attribute) === (axis === "horizontal"))),
        "Constraints naming it"]) : [];
    for (const [axis, list, heading] of lists) {
      // The host's constraints first (those naming this item before the others), then the
      // engine's own (map frame, safe area, margins, component sizes…), folded.
      const names = (ci) => constraints[ci].first.item === key || (constraints[ci].second && constraints[ci].second.item === key);
      const host = list.filter((ci) => constraints[ci] && constraints[ci].owner !== "engine")
        .sort((a, b) => Number(!names(a)) - Number(!names(b)));
      const engine = list.filter((ci) => constraints[ci] && constraints[ci].owner === "engine");
      box.appendChild(h("h3", {}, `${heading} — ${axis}`));
      const ul = h("ul", { class: "constraints", "data-axis": axis }, host.map((ci) => constraintRow(sc, ci, conflictSet, key)));
      box.appendChild(ul);
      if (!list.length) box.appendChild(h("p", { class: "empty" }, axis === "horizontal" || axis === "vertical" ? "none (nothing determines it on this axis)" : "none"));
      if (engine.length) {
        const kinds = [...new Set(engine.map((ci) => constraints[ci].role || "engine"))].join(", ");
        box.appendChild(h("details", { class: "engine-constraints" },
          h("summary", {}, `${engine.length} engine constraint${engine.length === 1 ? "" : "s"}: ${kinds}`),
          h("ul", { class: "constraints", "data-axis": axis }, engine.map((ci) => constraintRow(sc, ci, conflictSet, key)))));
      }
    }
  }

  function diagnosticItem(d, i, sc) {
    return h("li", {
      class: d.severity + (ui.activeDiagnostic === i ? " active" : "") + (d.items.includes(ui.selected) ? " names-selected" : ""),
      "data-code": d.code,
      onclick: () => {
        ui.activeDiagnostic = ui.activeDiagnostic === i ? null : i;
        if (ui.activeDiagnostic !== null && d.items.length && !d.items.includes(ui.selected)) ui.selected = d.items[0];
        render();
      },
      onmouseenter: () => { ui.activeDiagnostic = i; renderCanvas(scene()); },
      onmouseleave: () => { ui.activeDiagnostic = null; renderCanvas(scene()); },
    },
    h("div", { class: "diag-head" },
      h("span", { class: "chip " + d.severity }, d.severity),
      h("span", { class: "diag-code" }, d.code),
      d.axis ? h("span", { class: "chip" }, d.axis) : null,
      d.constraints && d.constraints.length ? h("span", { class: "chip" }, d.constraints.length + " constraints") : null),
    h("div", { class: "diag-msg" }, d.message),
    d.items.length ? h("div", { class: "diag-items" }, d.items.map((k) => h("button", {
      class: "link", type: "button", onclick: (e) => { e.stopPropagation(); select(k); },
    }, itemName(k)))) : null,
    d.constraints && d.constraints.length ? h("ul", { class: "constraints" }, d.constraints.map((ci) => constraintRow(sc, ci, new Set(d.constraints), null))) : null);
  }

  // ---------------------------------------------------------------------------------------------
  // Timeline, step information and step diagnostics

  function renderSteps() {
    const box = $("steps");
    box.replaceChildren();
    rec.steps.forEach((step, i) => {
      const last = step.states[step.states.length - 1];
      const counts = { error: 0, warning: 0, info: 0 };
      for (const d of last.diagnostics || []) counts[d.severity] = (counts[d.severity] || 0) + 1;
      const b = h("button", {
        class: "step", type: "button", role: "tab", "aria-selected": i === ui.step ? "true" : "false", "data-step": i,
        title: step.events.join("; ") || "time passes",
        onclick: () => goToStep(i),
      },
      h("span", { class: "step-n" }, String(i + 1)),
      h("span", { class: "step-name" }, step.name),
      h("span", { class: "step-badges" },
        step.duration > 0 ? h("span", { class: "anim" }, "▶ " + fmt(step.duration) + " s") : null,
        last.wideMode ? h("span", { class: "wide" }, "wide") : null,
        counts.error ? h("span", { class: "badge error" }, "✖ " + counts.error) : null,
        counts.warning ? h("span", { class: "badge warning" }, "▲ " + counts.warning) : null,
        counts.info ? h("span", { class: "badge info" }, "ℹ " + counts.info) : null,
        step.failures.length ? h("span", { class: "fail" }, "failed") : null));
      box.appendChild(b);
    });
  }

  function renderScrubber(sc) {
    const step = sc.step;
    const samples = step.samples || [];
    const range = $("scrubber");
    if (!samples.length) {
      range.disabled = true;
      range.max = "0";
      range.value = "0";
      $("scrub-time").textContent = "no animation in this step";
      $("scrub-sample").textContent = "";
      $("play").disabled = true;
      return;
    }
    range.disabled = false;
    $("play").disabled = false;
    range.max = String(samples.length - 1);
    const i = ui.sample === null ? samples.length - 1 : ui.sample;
    range.value = String(i);
    $("scrub-time").textContent = `${samples[i].t.toFixed(3)} s / ${fmt(step.duration)} s`;
    $("scrub-sample").textContent = `sample ${i} of ${samples.length - 1} · ${rec.sampleRate || 60}/s`;
  }

  function renderStepInfo(sc) {
    const box = $("step-info");
    box.replaceChildren();
    const step = sc.step;
    const st = sc.state;
    for (const f of step.failures) box.appendChild(h("div", { class: "failure" }, "The delegate failed in this step: " + f));
    for (const n of step.notes) box.appendChild(h("div", { class: "note" }, n));
    const rows = [
      ["step", `${ui.step + 1} of ${rec.steps.length}: ${step.name}`],
      ["events", step.events.join("; ") || "(time passes)"],
      ["clock", `${fmt(step.time + (sc.t || 0))} s (step from ${fmt(step.time)} s, ${fmt(step.duration)} s long)`],
      ["navigation state", st.navigationState],
      ["map size", `${fmt(st.mapSize[0])} × ${fmt(st.mapSize[1])}`],
      ["safe area", st.safeArea.map(fmt).join(", ") + " (top, left, bottom, right)"],
      ["wide mode", st.wideMode ? "on (cards at the leading edge)" : "off"],
      ["speed widget", st.speedWidgetMode],
      ["logo", st.recenterButton ? "re-center button (after a pan)" : "Google logo"],
      ["prompt", st.prompt ? `${st.prompt.kind}, corners mask ${st.prompt.roundedCorners}` : "none"],
      ["camera padding", sc.camera ? sc.camera.padding.map(fmt).join(", ") : "no viewport in the hierarchy"],
      ["vehicle point", sc.camera ? `(${sc.camera.vehiclePoint.map(fmt).join(", ")})` : "—"],
    ];
    box.appendChild(h("dl", { class: "kv", id: "step-facts" }, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])));
  }

  function renderStepDiagnostics(sc) {
    const box = $("step-diagnostics");
    box.replaceChildren();
    const diags = sc.state.diagnostics || [];
    box.appendChild(h("h2", {}, `Diagnostics of this step (${diags.length})` +
      (sc.sampled && sc.t < sc.step.duration ? " — of the layout the animation moves towards" : "")));
    if (!diags.length) {
      box.appendChild(h("p", { class: "clean" }, "✔ No diagnostics: no rule of SPEC §8 is broken."));
      return;
    }
    box.appendChild(h("ul", { class: "diag-list", id: "diagnostics" }, diags.map((d, i) => diagnosticItem(d, i, sc))));
  }

  function renderRunInfo() {
    const box = $("run-info");
    box.replaceChildren(...[
      h("span", { class: "chip strong" }, shown(rec.title || "layout delegate")),
      rec.preset ? h("span", { class: "chip" }, rec.preset) : null,
      h("span", { class: "chip" }, (() => { const st = rec.steps.length ? rec.steps[0].states[0] : null; return st ? `${fmt(st.mapSize[0])} × ${fmt(st.mapSize[1])} pt` : ""; })()),
      h("span", { class: "chip" + (rtl ? " rtl" : "") }, rtl ? "right-to-left" : "left-to-right"),
      rec.carPlay ? h("span", { class: "chip warning" }, "CarPlay: built-in layout") : null,
      !rec.customDelegate ? h("span", { class: "chip" }, "built-in layout") : null,
      h("span", { class: "chip" }, `${rec.script} session, ${rec.steps.length} steps`)].filter((x) => x !== null));
    const failures = rec.steps.reduce((n, st) => n + st.failures.length, 0);
    if (rec.failure || failures) {
      const banner = $("banner");
      banner.hidden = false;
      banner.textContent = rec.failure ? rec.failure :
        `The delegate failed in ${failures === 1 ? "one step" : failures + " steps"}: ` +
        rec.steps.filter((st) => st.failures.length).map((st) => `${st.name} (${st.failures[0]})`).join("; ");
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Navigation, playback, the URL

  function render() {
    const sc = scene();
    if (!sc) return;
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
  window.addEventListener("resize", () => { ui.fitted = false; render(); });
  $("legend-box").addEventListener("toggle", () => { ui.fitted = false; render(); });

  // Start
  setupDefs();
  renderLegend();
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

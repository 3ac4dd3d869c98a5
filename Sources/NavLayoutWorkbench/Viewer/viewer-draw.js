/* NavLayout viewer: how things are drawn — each SDK component as the thing it is (cards, round
   buttons, logo or re-center button, speed widget in its mode, trip progress, prompts with their
   corner mask), host views, hiding stacks, the viewport, the SVG patterns and the legend. Pure
   drawing in points: it knows nothing of the page's state. viewer.js (which follows this file
   in the page's one script element) uses it through `NavLayoutDrawing`. */

const NavLayoutDrawing = (function () {
  "use strict";
  const SVGNS = "http://www.w3.org/2000/svg";

  /** An SVG element with attributes (null or undefined ones left out), appended to `parent`. */
  function s(tag, attrs, parent) {
    const e = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined) continue;
      e.setAttribute(k, String(v));
    }
    if (parent) parent.appendChild(e);
    return e;
  }

  // ---------------------------------------------------------------------------------------------
  // Colours and shapes

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

  /** The hierarchy's colour for a recording item (view or guide). */
  function swatchColor(it) {
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

  /** The frame `f` inset by `m` = [top, left, bottom, right] (never negative in size). */
  function inset(f, m) {
    return [f[0] + m[1], f[1] + m[0], Math.max(0, f[2] - m[1] - m[3]), Math.max(0, f[3] - m[0] - m[2])];
  }

  /** Skeleton text: a rounded bar standing for a line of text. */
  function bar(g, x, y, w, hgt, fill, opacity) {
    if (w <= 0 || hgt <= 0) return;
    s("rect", { x, y, width: w, height: hgt, rx: hgt / 2, fill, "fill-opacity": opacity === undefined ? 1 : opacity }, g);
  }

  /** The rectangle a frame's edges span: a frame with a negative width or height (one edge placed
   *  past the opposite one) as [minX, minY, |width|, |height|]; other frames unchanged. */
  function normalized(f) {
    const [x, y, w, hh] = f;
    return [w < 0 ? x + w : x, hh < 0 ? y + hh : y, Math.abs(w), Math.abs(hh)];
  }

  /** Draws one view as the component it is, inside the SVG group `g`, in points.
   *  `frame` is the (presented) frame [x, y, width, height], `it` the recording's item,
   *  `rec0` the view's entry in the state ({} when none), `state` the state (speed-widget mode,
   *  re-center button), `rtl` the layout direction. A frame with a negative width or height (its
   *  constraints put one edge past the opposite one) is drawn as the rectangle its edges span,
   *  hatched in the error colour, so it can be seen and clicked. */
  function drawView(g, frame, it, rec0, state, rtl) {
    const [x, y, w, hh] = frame;
    const margins = rec0.layoutMargins || [0, 0, 0, 0];
    const role = it.role;
    const kind = it.kind;
    const lead = (f, inner) => rtl ? f[0] + f[2] - inner : f[0];
    if (kind === "map") return;
    if (w < 0 || hh < 0) {
      const [nx, ny, nw, nh] = normalized(frame);
      s("rect", { x: nx, y: ny, width: Math.max(nw, 0), height: Math.max(nh, 0), fill: "url(#nl-inverted)", stroke: "#d93025",
        "stroke-width": 1.5, "stroke-dasharray": "6 3", class: "nss inverted" }, g);
      return;
    }
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
      const c = inset(frame, margins);
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
        const c = inset(frame, [8, 10, 8, 10]);
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
        const c = inset(frame, margins);
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
        const c = inset(frame, margins);
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
        const c = inset(frame, margins);
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
        const c = inset(frame, margins);
        if (state.recenterButton) {
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
        const c = inset(frame, margins);
        const mode = state.speedWidgetMode;
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
        const c = inset(frame, margins);
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

  /** The patterns the drawing uses, added to the SVG <defs> element `defs`: the viewport's hatch,
   *  the unsafe bands', the map's roads and the error hatch of an inverted frame. */
  function setupDefs(defs) {
    const hatch = s("pattern", { id: "nl-hatch", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    s("rect", { width: 10, height: 10, fill: "rgba(52,168,83,0.10)" }, hatch);
    s("line", { x1: 0, y1: 0, x2: 0, y2: 10, stroke: "rgba(24,128,56,0.35)", "stroke-width": 3 }, hatch);
    const unsafe = s("pattern", { id: "nl-unsafe", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(-45)" }, defs);
    s("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "rgba(95,99,104,0.22)", "stroke-width": 2 }, unsafe);
    const roads = s("pattern", { id: "nl-roads", width: 120, height: 120, patternUnits: "userSpaceOnUse" }, defs);
    s("rect", { width: 120, height: 120, fill: "#eef0e6" }, roads);
    s("path", { d: "M0,40H120M70,0V120M0,100L120,85", stroke: "#ffffff", "stroke-width": 7, fill: "none" }, roads);
    s("path", { d: "M0,40H120M70,0V120", stroke: "#dfe3d3", "stroke-width": 1, fill: "none" }, roads);
    const inverted = s("pattern", { id: "nl-inverted", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    s("rect", { width: 8, height: 8, fill: "rgba(217,48,37,0.10)" }, inverted);
    s("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "rgba(217,48,37,0.55)", "stroke-width": 2.5 }, inverted);
  }

  /** The screen's corner radius for the preset called `preset` (points): phones with a sensor
   *  housing 55, iPads 18, the rest (and no preset) square. Only the drawing uses it. */
  function screenRadius(preset) {
    const p = preset || "";
    if (p === "iphone-portrait" || p === "iphone-landscape") return 55;
    if (p.startsWith("ipad")) return 18;
    return 0;
  }

  function legendIcon(draw) {
    const svg = document.createElementNS(SVGNS, "svg");
    svg.setAttribute("width", "22");
    svg.setAttribute("height", "14");
    svg.setAttribute("viewBox", "0 0 22 14");
    draw(svg);
    return svg;
  }

  /** Fills the list `list` with the legend: one entry per kind of thing drawn. */
  function renderLegend(list) {
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
      ["inverted frame", (g) => s("rect", { x: 1, y: 1, width: 20, height: 12, fill: "url(#nl-inverted)", stroke: "#d93025", "stroke-dasharray": "3 2" }, g)],
    ];
    for (const [label, draw] of entries) {
      const li = document.createElement("li");
      li.appendChild(legendIcon(draw));
      li.appendChild(document.createTextNode(label));
      list.appendChild(li);
    }
  }

  return { SVGNS, s, swatchColor, roundedPath, inset, normalized, drawView, setupDefs, screenRadius, renderLegend };
})();

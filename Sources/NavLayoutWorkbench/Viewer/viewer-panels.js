/* NavLayout viewer: the panels around the picture — the hierarchy (back to front), the inspector
   (the selected item's frame, layout facts and constraints affecting layout), the diagnostic
   entries (what a diagnostic names and, for a misplaced item, the constraints placing its edges),
   the timeline with its scrubber, the step's facts and diagnostics, and the header's chips.
   viewer.js makes them with `NavLayoutPanels(app)`, `app` holding the page's state and helpers;
   like the rest of the page, text from the recording is only set as text or attribute values. */

const NavLayoutPanels = function (app) {
  "use strict";
  const { $, h, fmt, shown, X_ATTRIBUTES, rec, rtl, items, constraints, ui, opt, scene, presetOf, viewRecord,
    guideRecord, itemName, frameOf, renderCanvas, render, select, goToStep, diagnosticsByItem, worstSeverity,
    swatchColor, normalized } = app;

  // ---------------------------------------------------------------------------------------------
  // Hierarchy

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
      const kind = isGuide ? "guide" : it.kind === "component" ? it.role : it.kind === "prompt" ? "prompt" :
        it.kind === "hidingStack" ? "stack" : it.kind === "map" ? "root" : "host";
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
      h("span", { class: "swatch", style: `background:${swatchColor(it)}` }),
      // The whole identifier (the row wraps rather than cut it); the kind only where it says more
      // (guides are told apart by their colour and italics).
      h("span", { class: "name" }, shown(it.identifier)),
      !isGuide && kind !== it.identifier ? h("span", { class: "kind", title: kind }, kind) : null,
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

  // ---------------------------------------------------------------------------------------------
  // Inspector

  /** One constraint as a list row: its text, priority, owner, state and a link to the other item
   *  (`selectedKey` is the item the list is about); hovering draws it on the picture. `edge`, when
   *  given, leads the row (e.g. "top at 852"). */
  function constraintRow(sc, index, conflictSet, selectedKey, edge) {
    const c = constraints[index];
    if (!c) return null;
    const other = [c.first.item, c.second ? c.second.item : null].find((k) => k !== null && k !== selectedKey);
    const li = h("li", {
      class: (conflictSet.has(index) ? "conflict " : "") + (c.broken ? "broken " : "") + (c.holds === false ? "unmet" : ""),
      "data-constraint": index,
      onmouseenter: () => { ui.hoverConstraint = index; renderCanvas(scene()); },
      onmouseleave: () => { ui.hoverConstraint = null; renderCanvas(scene()); },
    },
    edge ? h("div", { class: "edge" }, edge) : null,
    h("div", { class: "ctext" }, c.text),
    h("div", { class: "cmeta" },
      c.priority < 1000 ? h("span", { class: "chip" }, "@" + fmt(c.priority)) : h("span", { class: "chip" }, "required"),
      h("span", { class: "chip" + (c.owner === "engine" ? " info" : "") }, c.owner === "engine" ? "engine: " + (c.role || "") : "host"),
      c.identifier ? h("span", { class: "chip" }, "id " + shown(c.identifier)) : null,
      c.holds === true ? h("span", { class: "chip ok" }, "holds") : null,
      c.holds === false ? h("span", { class: "chip warning" }, "not met") : null,
      c.broken ? h("span", { class: "chip error" }, "broken: left out") : null,
      conflictSet.has(index) ? h("span", { class: "chip error" }, "in conflict") : null,
      other !== undefined && other !== null ? h("button", { class: "link", type: "button",
        onclick: (e) => { e.stopPropagation(); select(other); } }, "→ " + itemName(other)) : null));
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
      const inverted = invertedText(frame);
      if (inverted) box.appendChild(h("div", { class: "inverted-text", id: "inspector-inverted" }, inverted));
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
      // The list a diagnostic led to (ui.focusAxis) is marked and shows the engine's ones too.
      const focused = ui.focusAxis === axis;
      const section = h("section", { class: "axis-section" + (focused ? " focused" : ""), "data-axis-section": axis },
        h("h3", {}, `${heading} — ${axis}`),
        h("ul", { class: "constraints", "data-axis": axis }, host.map((ci) => constraintRow(sc, ci, conflictSet, key))),
        list.length ? null : h("p", { class: "empty" }, "none (nothing determines it on this axis)"),
        engine.length ? h("details", { class: "engine-constraints", open: focused },
          h("summary", {}, `${engine.length} engine constraint${engine.length === 1 ? "" : "s"}: ` +
            [...new Set(engine.map((ci) => constraints[ci].role || "engine"))].join(", ")),
          h("ul", { class: "constraints", "data-axis": axis }, engine.map((ci) => constraintRow(sc, ci, conflictSet, key)))) : null);
      box.appendChild(section);
    }
  }

  /** What is wrong with a frame whose width or height is negative (its constraints put an edge
   *  past the opposite one), or "". */
  function invertedText(f) {
    const parts = [];
    if (f[3] < 0) parts.push(`its top edge (y = ${fmt(f[1])}) lies ${fmt(-f[3])} pt below its bottom edge (y = ${fmt(f[1] + f[3])})`);
    if (f[2] < 0) parts.push(`its left edge (x = ${fmt(f[0])}) lies ${fmt(-f[2])} pt right of its right edge (x = ${fmt(f[0] + f[2])})`);
    return parts.length ? "Inverted: " + parts.join("; ") + "." : "";
  }

  /** Selects `key` and shows its constraints affecting layout on `axis`, marked and scrolled to. */
  function showAffecting(key, axis) {
    ui.selected = key;
    ui.hoverConstraint = null;
    ui.focusAxis = axis;
    render();
    const section = document.querySelector(`#inspector [data-axis-section="${axis}"]`);
    if (section && section.scrollIntoView) section.scrollIntoView({ block: "start" });
  }

  const PLACEMENT_CODES = new Set(["emptyViewport", "viewportObstructed", "offscreen"]);

  /** For a diagnostic about where an item lies (emptyViewport, viewportObstructed, offscreen):
   *  the item (the diagnostic's first), its target frame and the axes on which its constraints put
   *  it there — the axis of an empty or inverted size, the axis it leaves the map on, or, for an
   *  obstruction, the axis on which the overlap covers the smaller share of the viewport (a card
   *  across the top: vertical). Null for other diagnostics. */
  function placement(d, sc) {
    if (!PLACEMENT_CODES.has(d.code) || !d.items.length) return null;
    const key = d.items[0];
    const r = viewRecord(sc, key);
    if (!r) return null;
    const f = r.targetFrame || r.frame;
    const axes = [];
    if (d.code === "emptyViewport") {
      if (f[3] <= 0) axes.push("vertical");
      if (f[2] <= 0) axes.push("horizontal");
    } else if (d.code === "offscreen") {
      const [W, H] = sc.state.mapSize;
      const [x, y, w, hh] = normalized(f);
      if (y < 0 || y + hh > H) axes.push("vertical");
      if (x < 0 || x + w > W) axes.push("horizontal");
    } else {
      const o = d.items.length > 1 ? viewRecord(sc, d.items[1]) : null;
      const of = o ? o.targetFrame || o.frame : null;
      if (of && f[2] > 0 && f[3] > 0) {
        const ow = Math.min(f[0] + f[2], of[0] + of[2]) - Math.max(f[0], of[0]);
        const oh = Math.min(f[1] + f[3], of[1] + of[3]) - Math.max(f[1], of[1]);
        axes.push(oh / f[3] <= ow / f[2] ? "vertical" : "horizontal");
      }
    }
    if (d.axis && !axes.includes(d.axis)) axes.push(d.axis);
    return axes.length ? { key, frame: f, axes } : null;
  }

  /** The host's constraints that place the edges of `place.key` on `axis` (top and bottom, or
   *  leading, trailing, left and right), each led by where the edge is — the culprit of an empty,
   *  inverted or misplaced frame is among them — and a link to all its constraints on the axis. */
  function edgesBlock(sc, place, axis) {
    const { key, frame: f } = place;
    const r = viewRecord(sc, key);
    const position = { top: f[1], bottom: f[1] + f[3], left: f[0], right: f[0] + f[2],
      leading: rtl ? f[0] + f[2] : f[0], trailing: rtl ? f[0] : f[0] + f[2] };
    const attributes = axis === "vertical" ? ["top", "bottom"] : ["leading", "trailing", "left", "right"];
    const list = (r && r.affecting && r.affecting[axis]) || (r && r.constraints) || [];
    const rows = [];
    for (const attribute of attributes) {
      for (const ci of list) {
        const c = constraints[ci];
        if (!c || c.owner === "engine") continue;
        if ((c.first.item === key && c.first.attribute === attribute) || (c.second && c.second.item === key && c.second.attribute === attribute)) {
          rows.push(constraintRow(sc, ci, new Set(), key, `${attribute} at ${axis === "vertical" ? "y" : "x"} = ${fmt(position[attribute])}`));
        }
      }
    }
    const edges = axis === "vertical" ? "top and bottom edges" : "leading and trailing edges";
    return h("div", { class: "diag-edges", "data-axis-edges": axis },
      h("div", { class: "diag-edges-head" }, rows.length ? `What places ${itemName(key)}'s ${edges}:` :
        `No constraint of the host names ${itemName(key)}'s ${edges}.`),
      rows.length ? h("ul", { class: "constraints" }, rows) : null,
      h("button", { class: "link", type: "button", "data-affecting": axis, "data-item": key,
        onclick: (e) => { e.stopPropagation(); showAffecting(key, axis); } },
      `${itemName(key)}: all constraints affecting its layout — ${axis} →`));
  }

  /** One diagnostic as a list entry: severity, code, message, the items it names, its conflicting
   *  constraints, and for a misplaced item what places its edges (edgesBlock). Clicking it marks
   *  it on the picture and selects its first item. */
  function diagnosticItem(d, i, sc) {
    const place = placement(d, sc);
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
    d.constraints && d.constraints.length ? h("ul", { class: "constraints" }, d.constraints.map((ci) => constraintRow(sc, ci, new Set(d.constraints), null))) : null,
    place ? place.axes.map((axis) => edgesBlock(sc, place, axis)) : null);
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
      h("span", { class: "step-name", title: step.name }, step.name),
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
      box.appendChild(h("p", { class: "clean" }, "✔ No diagnostics: the layout breaks none of the rules in docs/behaviour.md#diagnostics."));
      return;
    }
    box.appendChild(h("ul", { class: "diag-list", id: "diagnostics" }, diags.map((d, i) => diagnosticItem(d, i, sc))));
  }

  /** The header's chips: the run (title, direction, layout, session) and, kept current by
   *  renderDevice, the map view of the step shown. */
  function renderRunInfo() {
    const box = $("run-info");
    box.replaceChildren(...[
      h("span", { class: "chip strong" }, shown(rec.title || "layout delegate")),
      h("span", { class: "chip", id: "run-preset", hidden: true }),
      h("span", { class: "chip", id: "run-size", title: "the map view's size in this step (points)" }),
      h("span", { class: "chip", id: "run-safe-area", title: "its safe-area insets in this step: top, left, bottom, right (points)" }),
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

  /** The header's map-view chips for the step shown: its preset (when the size is a docs/behaviour.md#device-presets
   *  preset's), its size and its safe area — a rotation or resize step shows the new ones. */
  function renderDevice(sc) {
    const st = sc.state;
    const preset = presetOf(st);
    const chip = $("run-preset");
    chip.hidden = !preset;
    chip.textContent = preset || "";
    $("run-size").textContent = `${fmt(st.mapSize[0])} × ${fmt(st.mapSize[1])} pt`;
    $("run-safe-area").textContent = "safe area " + st.safeArea.map(fmt).join(", ");
  }


  return { renderHierarchy, renderInspector, renderSteps, renderScrubber, renderStepInfo, renderStepDiagnostics,
    renderRunInfo, renderDevice };
};

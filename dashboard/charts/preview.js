/* A chart's first view, drawn as one SVG in the page without plotly.js: the figure's axes (pinned
 * by dashboard/charts/axes.py, so plotly.js draws the same ranges and ticks), its lines,
 * markers and bars, its lines across and notes, and its legend, in the page's theme. plotly.js
 * (1.2 MB of script, about half a second of a fresh tab's work) then takes the chart over once the
 * page has settled, for hover, zoom and legend clicks (chart.js). Put before chart.js. */

const SVG = "http://www.w3.org/2000/svg";
const PLOTLY_MARGIN = { l: 80, r: 80, t: 100, b: 80 };
const PLOTLY_COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"];
const GAP = 3; // between a tick label and the plot's edge beyond the margin's pad
const LINE = 14; // a line of 12 px text, with the gap to the next
const LEGEND_ROW = 19; // a legend's row, with plotly's frame around the rows and gap to the edge
const LEGEND_FRAME = 10;
const LEGEND_GAP = 12;
const LEGEND_SYMBOL = 40;
const BAR_SHARE = 0.8; // a bar's width as a share of the gap between places (chart_axes.py's)
const ENTITIES = {
  "&lt;": "<",
  "&gt;": ">",
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
};

// Text as plotly shows it: the figure's text is escaped for plotly's tags (``dashboard.views.text``).
function shown(text) {
  return String(text ?? "").replace(/&(lt|gt|amp|quot|#x27|#39);/g, (entity) => ENTITIES[entity]);
}

function measurer(family) {
  const context = document.createElement("canvas").getContext("2d");
  return (text, size) => {
    context.font = `${size}px ${family}`;
    return context.measureText(text).width;
  };
}

function element(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

function dashes(dash, width) {
  const unit = Math.max(width, 3);
  if (dash === "dot") return `${unit},${unit}`;
  if (dash === "dash") return `${3 * unit},${3 * unit}`;
  return undefined;
}

function tickLabel(value, step) {
  const decimals = Math.max(0, -Math.floor(Math.log10(Math.abs(step) || 1) + 1e-9));
  const text = Math.abs(value) < step / 1e6 ? "0" : value.toFixed(decimals);
  return text.replace("-", "\u2212");
}

// The ticks of a pinned axis: its values and labels within its range.
function ticks(axis) {
  const [low, high] = axis.range;
  if (axis.type === "category") {
    const names = axis.categoryarray || [];
    return names
      .map((name, index) => [index, shown(name)])
      .filter(([at]) => at >= low && at <= high);
  }
  if (axis.tickvals) {
    return axis.tickvals.map((at, index) => [at, shown((axis.ticktext || axis.tickvals)[index])]);
  }
  const step = axis.dtick || 1;
  const start = (axis.tick0 || 0) + Math.ceil((low - (axis.tick0 || 0)) / step - 1e-9) * step;
  const found = [];
  for (let at = start; at <= high + step * 1e-9 && found.length < 500; at += step) {
    found.push([at, tickLabel(at, step)]);
  }
  return found;
}

// How plotly sets an x axis's labels: [degrees turned, every how many shown]. Level while they fit
// between ticks, else turned 30 degrees down to the right, or 90 when even then they would not,
// and then only every few on an axis too short for one a line.
function labelTurn(axis, labels, length, measure) {
  if (labels.length < 2) return [0, 1];
  const [low, high] = axis.range;
  const room = (length * Math.abs(labels[1][0] - labels[0][0])) / (high - low || 1);
  const widths = labels.map(([, label]) => measure(label, 12));
  if (!widths.slice(1).some((width, i) => (width + widths[i]) / 2 + 2 > room)) return [0, 1];
  if (24 <= room) return [30, 1];
  return [90, Math.ceil(LINE / room)];
}

function axesOf(layout) {
  const axes = {};
  for (const [key, axis] of Object.entries(layout)) {
    const match = /^([xy])axis(\d*)$/.exec(key);
    if (match && axis.range) axes[match[1] + match[2]] = axis;
  }
  return axes;
}

// The traces the legend lists, in plotly's order: stacked bars listed top of the stack first.
function legendItems(figure) {
  const { layout, data: traces } = figure;
  const show = layout.showlegend ?? traces.filter((t) => t.showlegend !== false).length > 1;
  const items = show ? traces.filter((trace) => trace.showlegend !== false && trace.name) : [];
  const order = layout.legend?.traceorder ?? (layout.barmode === "stack" ? "reversed" : "normal");
  return order.includes("reversed") ? items.reverse() : items;
}

// The legend's rows, each a list of [trace, offset]: one item a row when the legend stands upright
// (plotly's default, right of the plot); across, all in one row when they fit ``width``, else in
// columns as wide as the widest item, as plotly lays them out. ``sizes`` are the items' widths.
function legendRows(items, sizes, width, upright) {
  if (!items.length) return [];
  if (upright) return items.map((trace) => [[trace, 0]]);
  if (sizes.reduce((sum, size) => sum + size, 0) <= width) {
    let used = 0;
    return [items.map((trace, index) => [trace, (used += sizes[index]) - sizes[index]])];
  }
  const column = Math.max(...sizes);
  const columns = Math.max(1, Math.floor(width / column));
  const rows = [];
  items.forEach((trace, index) => {
    if (index % columns === 0) rows.push([]);
    rows[rows.length - 1].push([trace, (index % columns) * column]);
  });
  return rows;
}

function traceColour(trace, index, colours) {
  const marker = trace.marker || {};
  const colour = trace.line?.color ?? (typeof marker.color === "string" ? marker.color : null);
  return colour ?? colours[index % colours.length];
}

function markerShape(symbol, x, y, size, fill, outline) {
  const half = size / 2;
  const stroke = outline.width
    ? { stroke: outline.color || fill, "stroke-width": outline.width }
    : {};
  if (symbol === "line-ew-open") {
    const width = outline.width || 1;
    return element("path", {
      d: `M${x - half},${y}H${x + half}`,
      stroke: fill,
      "stroke-width": width,
    });
  }
  if (symbol === "x") {
    // a thick cross in the fill colour over a wider one in the outline's, as plotly's filled "x"
    const arm = half * 0.7;
    const d = `M${x - arm},${y - arm}L${x + arm},${y + arm}M${x - arm},${y + arm}L${x + arm},${y - arm}`;
    const thick = Math.max(2, size / 3);
    const cross = element("g", {});
    if (outline.width) {
      const edge = { stroke: outline.color || fill, "stroke-width": thick + 2 * outline.width };
      cross.appendChild(element("path", { d, ...edge }));
    }
    cross.appendChild(element("path", { d, stroke: fill, "stroke-width": thick }));
    return cross;
  }
  if (symbol === "triangle-up") {
    const d = `M${x - half},${y + half * 0.8}L${x + half},${y + half * 0.8}L${x},${y - half}Z`;
    return element("path", { d, fill, ...stroke });
  }
  return element("circle", { cx: x, cy: y, r: half, fill, ...stroke });
}

// Where everything of the chart goes at ``width``: the plot's box, its margins grown to hold the
// tick labels, the axis titles and the legend (plotly's automargin), and the legend's rows.
function layOut(figure, axes, look, width, measure) {
  const layout = figure.layout;
  const margin = { ...PLOTLY_MARGIN, ...layout.margin };
  const pad = look.margin.pad;
  const height = layout.height;
  let left = margin.l;
  let bottom = margin.b;
  let top = margin.t;
  const widests = {}; // each axis's widest tick label
  const turns = {}; // each x axis's [degrees its labels turn, every how many are shown]
  for (const [id, axis] of Object.entries(axes)) {
    const labels = axis.showticklabels === false ? [] : ticks(axis);
    const widest = Math.max(0, ...labels.map(([, label]) => measure(label, 12)));
    const title = axis.title?.text;
    widests[id] = widest;
    if (id[0] === "y") {
      left = Math.max(left, pad + GAP + widest + (title ? 40 : 0) + 4);
    } else if (labels.length) {
      const [turn, every] = labelTurn(axis, labels, width - left - margin.r, measure);
      turns[id] = [turn, every];
      const shownWidths = labels.filter((_, index) => index % every === 0);
      const longest = Math.max(...shownWidths.map(([, label]) => measure(label, 12)));
      const tall = { 0: 16, 30: widest / 2 + 24, 90: longest + 12 }[turn];
      bottom = Math.max(bottom, pad + GAP + tall + (title ? 31 : 0));
    }
  }
  const legend = layout.legend || {};
  const items = legendItems(figure);
  const upright = items.length > 0 && legend.orientation !== "h";
  const sizes = items.map((trace) => LEGEND_SYMBOL + measure(shown(trace.name), 12) + 10);
  const plotWidth = width - left - margin.r - (upright ? Math.max(...sizes) : 0);
  const rows = legendRows(items, sizes, plotWidth, upright);
  const legendHeight = rows.length ? rows.length * LEGEND_ROW + LEGEND_FRAME : 0;
  const legendAt = upright ? 1 : (legend.y ?? 1);
  let plotHeight = height - top - bottom;
  if (rows.length && legendAt < 0) {
    plotHeight = Math.min(plotHeight, (height - top - legendHeight - LEGEND_GAP) / (1 - legendAt));
    bottom = height - top - plotHeight;
  } else if (rows.length && legendAt > 1) {
    // hung from its top at ``legendAt`` of the plot's height, a frame's room above it
    top = Math.max(top, ((legendAt - 1) * (height - bottom) + LEGEND_FRAME) / legendAt);
    plotHeight = height - top - bottom;
  }
  let legendTop = top - (legendAt - 1) * plotHeight; // over the plot
  if (legendAt < 0) legendTop = top + plotHeight * (1 - legendAt); // under it
  if (upright) legendTop = top;
  const legendLeft = upright ? left + plotWidth + 10 : left;
  return {
    width,
    height,
    left,
    top,
    bottom,
    plotWidth,
    plotHeight,
    pad,
    rows,
    legendTop,
    legendLeft,
    widests,
    turns,
  };
}

// Pixels of the chart's values: along an axis (a category at its index), and of a note's or a
// line's reference (an axis, an axis's domain, or the plot's box: plotly's "paper").
function scales(frame, axes) {
  const share = (axis, value) => {
    const [low, high] = axis.range;
    const [from, to] = axis.domain || [0, 1];
    return ((value - low) / (high - low || 1)) * (to - from) + from;
  };
  const across = (part) => frame.left + part * frame.plotWidth;
  const up = (part) => frame.top + (1 - part) * frame.plotHeight;
  const x = (id, value) => across(share(axes[id], value));
  const y = (id, value) => up(share(axes[id], value));
  const at = (axis, value) =>
    axis.type === "category" ? (axis.categoryarray || []).indexOf(String(value)) : value;
  const ref = (name, value, letter) => {
    const domain = /^([xy]\d*) domain$/.exec(name || "");
    let part = value;
    if (domain) {
      const [low, high] = axes[domain[1]]?.domain || [0, 1];
      part = low + value * (high - low);
    } else if (name && name !== "paper" && axes[name]) {
      return letter === "x" ? x(name, value) : y(name, value);
    }
    return letter === "x" ? across(part) : up(part);
  };
  return { across, up, x, y, at, ref };
}

function drawAxes(svg, axes, frame, scale, look) {
  const { pad } = frame;
  for (const [id, axis] of Object.entries(axes)) {
    const anchor = axes[axis.anchor] || axes[id[0] === "x" ? "y" : "x"];
    const [from, to] = anchor?.domain || [0, 1];
    const [low, high] = axis.domain || [0, 1];
    const every = ticks(axis);
    const labels = axis.showticklabels === false ? [] : every;
    const title = axis.title?.text;
    if (id[0] === "y") {
      const [x0, x1] = [scale.across(from), scale.across(to)];
      for (const [value, label] of every) {
        const y = scale.y(id, value);
        if (axis.showgrid !== false) {
          svg.appendChild(
            element("path", { d: `M${x0},${y}H${x1}`, stroke: look.yaxis.gridcolor }),
          );
        }
        if (labels.length) {
          const place = { x: x0 - pad - GAP, y: y + 4, "text-anchor": "end" };
          svg.appendChild(element("text", { class: "tp-ytick", ...place }, label));
        }
      }
      if (title) {
        const [x, y] = [x0 - pad - GAP - frame.widests[id] - 14, scale.up((low + high) / 2)];
        const turned = { "text-anchor": "middle", transform: `rotate(-90 ${x} ${y})` };
        svg.appendChild(element("text", { x, y, "font-size": 14, ...turned }, shown(title)));
      }
      continue;
    }
    const y = scale.up(from) + pad + GAP;
    const [turn, step] = frame.turns[id] || [0, 1];
    labels.forEach(([value, label], index) => {
      if (index % step) return;
      const x = scale.x(id, value);
      const turned = turn
        ? { "text-anchor": "start", transform: `rotate(${turn} ${x} ${y + 6})` }
        : { "text-anchor": "middle" };
      const place = { class: "tp-xtick", x, y: y + (turn ? 10 : 12), ...turned };
      svg.appendChild(element("text", place, label));
    });
    if (title && labels.length) {
      const place = { x: scale.across((low + high) / 2), y: y + 36, "text-anchor": "middle" };
      svg.appendChild(element("text", { ...place, "font-size": 14 }, shown(title)));
    }
  }
}

// The bars, under the lines and markers as plotly layers them: a trace's bars side by side with
// the other traces' on the same axes (group), on them (stack) or over them (overlay); a bar's text
// over it, shrunk to the bar's width as plotly does.
function drawBars(svg, figure, axes, scale, colours, measure) {
  const layout = figure.layout;
  const byAxes = {};
  figure.data.forEach((trace, index) => {
    if (trace.type !== "bar") return;
    const key = `${trace.xaxis || "x"}/${trace.yaxis || "y"}`;
    (byAxes[key] = byAxes[key] || []).push([trace, index]);
  });
  for (const bars of Object.values(byAxes)) {
    const stacked = {};
    bars.forEach(([trace, index], order) => {
      const sideways = trace.orientation === "h";
      const placeId = sideways ? trace.yaxis || "y" : trace.xaxis || "x";
      const valueId = sideways ? trace.xaxis || "x" : trace.yaxis || "y";
      const places = (sideways ? trace.y : trace.x).map((value) => scale.at(axes[placeId], value));
      const values = sideways ? trace.x : trace.y;
      const ordered = [...new Set(places)].sort((a, b) => a - b);
      const gaps = ordered.slice(1).map((value, i) => value - ordered[i]);
      const room = BAR_SHARE * (gaps.length ? Math.min(...gaps) : 1);
      let size = trace.width ?? room;
      let shift = 0;
      const grouped = (layout.barmode || "group") === "group";
      if (grouped && trace.width === undefined && bars.length > 1) {
        size = room / bars.length;
        shift = -room / 2 + size * (order + 0.5);
      }
      const place = sideways ? scale.y : scale.x;
      const reach = sideways ? scale.x : scale.y;
      const colour = trace.marker?.color;
      places.forEach((at, i) => {
        const value = values[i];
        if (value === null || value === undefined) return;
        let base = 0;
        if (layout.barmode === "stack") {
          base = stacked[`${valueId}/${at}`] || 0;
          stacked[`${valueId}/${at}`] = base + value;
        }
        const [p0, p1] = [
          place(placeId, at + shift - size / 2),
          place(placeId, at + shift + size / 2),
        ];
        const [v0, v1] = [reach(valueId, base), reach(valueId, base + value)];
        const along = { from: Math.min(p0, p1), size: Math.abs(p1 - p0) };
        const up = { from: Math.min(v0, v1), size: Math.abs(v1 - v0) };
        const [across, high] = sideways ? [up, along] : [along, up];
        const fill = Array.isArray(colour)
          ? colour[i]
          : (colour ?? colours[index % colours.length]);
        const box = { x: across.from, y: high.from, width: across.size, height: high.size };
        svg.appendChild(element("rect", { ...box, fill }));
        const text = Array.isArray(trace.text) ? trace.text[i] : null;
        if (text && trace.textposition === "outside" && !sideways) {
          const words = shown(text);
          const size = Math.min(12, (12 * along.size) / measure(words, 12)); // shrunk to the bar
          const note = { x: (p0 + p1) / 2, y: up.from - 4, "text-anchor": "middle" };
          svg.appendChild(element("text", { ...note, "font-size": size }, words));
        }
      });
    });
  }
}

// The lines (straight, or steps for ``shape: "hv"``, broken where a value is missing) and markers.
function drawLines(svg, figure, axes, scale, colours) {
  figure.data.forEach((trace, index) => {
    if (trace.type === "bar") return;
    const [xId, yId] = [trace.xaxis || "x", trace.yaxis || "y"];
    const colour = traceColour(trace, index, colours);
    const mode = trace.mode || (trace.x.length < 20 ? "lines+markers" : "lines");
    const points = trace.x.map((x, i) => {
      const y = trace.y[i];
      if (x === null || y === null || x === undefined || y === undefined) return null;
      return [scale.x(xId, scale.at(axes[xId], x)), scale.y(yId, scale.at(axes[yId], y))];
    });
    if (mode.includes("lines")) {
      let d = "";
      points.forEach((point, i) => {
        if (!point) return;
        const [x, y] = point;
        if (!points[i - 1]) d += `M${x},${y}`;
        else d += trace.line?.shape === "hv" ? `H${x}V${y}` : `L${x},${y}`;
      });
      const width = trace.line?.width ?? 2;
      const dash = dashes(trace.line?.dash, width);
      const line = {
        d,
        fill: "none",
        stroke: colour,
        "stroke-width": width,
        "stroke-dasharray": dash,
      };
      svg.appendChild(element("path", line));
    }
    if (mode.includes("markers")) {
      const marker = trace.marker || {};
      points.forEach((point, i) => {
        if (!point) return;
        const fill = Array.isArray(marker.color) ? marker.color[i] : (marker.color ?? colour);
        const shape = markerShape(
          marker.symbol,
          ...point,
          marker.size ?? 6,
          fill,
          marker.line || {},
        );
        svg.appendChild(shape);
      });
    }
  });
}

// The lines across the plot (``add_vline``, ``add_hline``) and the notes (subplot titles too).
function drawShapesAndNotes(svg, layout, scale, textColour) {
  for (const shape of layout.shapes || []) {
    if (shape.type !== "line") continue;
    const line = shape.line || {};
    const [x0, x1] = [scale.ref(shape.xref, shape.x0, "x"), scale.ref(shape.xref, shape.x1, "x")];
    const [y0, y1] = [scale.ref(shape.yref, shape.y0, "y"), scale.ref(shape.yref, shape.y1, "y")];
    const width = line.width ?? 2;
    const look = { stroke: line.color || textColour, "stroke-width": width };
    const dash = dashes(line.dash, width);
    svg.appendChild(
      element("path", { d: `M${x0},${y0}L${x1},${y1}`, ...look, "stroke-dasharray": dash }),
    );
  }
  for (const note of layout.annotations || []) {
    const size = note.font?.size ?? 12;
    const anchor = { left: "start", right: "end" }[note.xanchor] || "middle";
    const baseline = { top: size, bottom: -4 }[note.yanchor] ?? size / 3;
    const place = {
      x: scale.ref(note.xref, note.x, "x"),
      y: scale.ref(note.yref, note.y, "y") + baseline,
    };
    svg.appendChild(
      element("text", { ...place, "text-anchor": anchor, "font-size": size }, shown(note.text)),
    );
  }
}

// The legend, row by row: each trace's line, marker or bar swatch, then its name.
function drawLegend(svg, figure, frame, look, colours) {
  frame.rows.forEach((row, number) => {
    const y = frame.legendTop + LEGEND_FRAME / 2 + (number + 0.5) * LEGEND_ROW;
    for (const [trace, offset] of row) {
      const x = frame.legendLeft + offset;
      const colour = traceColour(trace, figure.data.indexOf(trace), colours);
      const marked = trace.marker?.color;
      const fill = (Array.isArray(marked) ? marked[0] : marked) ?? colour; // plotly's: the first
      const mode = trace.mode || "lines+markers";
      if (trace.type === "bar") {
        svg.appendChild(element("rect", { x: x + 13, y: y - 6, width: 14, height: 12, fill }));
      }
      if (trace.type !== "bar" && mode.includes("lines")) {
        const width = Math.min(trace.line?.width ?? 2, 5);
        const line = {
          stroke: colour,
          "stroke-width": width,
          "stroke-dasharray": dashes(trace.line?.dash, 2),
        };
        svg.appendChild(element("path", { d: `M${x + 5},${y}H${x + 35}`, ...line }));
      }
      if (trace.type !== "bar" && mode.includes("markers")) {
        const marker = trace.marker || {};
        const size = Math.min(marker.size ?? 6, 16);
        svg.appendChild(markerShape(marker.symbol, x + 20, y, size, fill, marker.line || {}));
      }
      const name = {
        class: "tp-legend",
        x: x + LEGEND_SYMBOL,
        y: y + 4,
        fill: look.legend.font.color,
      };
      svg.appendChild(element("text", name, shown(trace.name)));
    }
  });
}

// Draws ``figure`` (axes pinned, arrays plain) into ``holder`` at its width, in ``theme`` (the
// template chart.js gives plotly.js); gives the SVG, or null when the figure has no pinned axes.
function drawPreview(holder, figure, theme) {
  const axes = axesOf(figure.layout);
  if (!Object.keys(axes).length) return null;
  const look = theme.layout;
  const measure = measurer(look.font.family);
  const colours = look.colorway || PLOTLY_COLOURS;
  const frame = layOut(figure, axes, look, holder.clientWidth || 600, measure);
  const scale = scales(frame, axes);
  const margins = [frame.left, frame.width - frame.left - frame.plotWidth, frame.top, frame.bottom];
  const svg = element("svg", {
    class: "thuruppu-preview",
    width: frame.width,
    height: frame.height,
    viewBox: `0 0 ${frame.width} ${frame.height}`,
    "font-family": look.font.family,
    "font-size": 12,
    fill: look.font.color,
    role: "img",
    "data-size": [...margins, frame.plotHeight].map(Math.round).join(","), // its margins and height
  });
  drawAxes(svg, axes, frame, scale, look);
  drawBars(svg, figure, axes, scale, colours, measure);
  drawLines(svg, figure, axes, scale, colours);
  drawShapesAndNotes(svg, figure.layout, scale, look.font.color);
  drawLegend(svg, figure, frame, look, colours);
  holder.appendChild(svg);
  return svg;
}

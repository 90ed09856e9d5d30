// The dashboard's chart, drawn in the page (no frame): a plotly figure's traces and layout, sent as
// JSON by dashboard/charts/chart.py, drawn by plotly.js's basic bundle (scatter, bar, pie), which
// loader.js (put before this module) loads once per browser tab. The look follows the page's
// Streamlit theme, read from the theme's CSS variables, as Streamlit's own plotly chart does.
// A chart is drawn once its room comes within a screen's height of the view (so one just below the
// view is drawn before it is scrolled to); its room keeps its height from the start, so nothing
// moves. Charts that come into view together are drawn one per frame, each painted before the
// next. A chart already drawn redraws at once when its figure changes.

const DEFAULT_HEIGHT = 450; // plotly's own default, and Streamlit's
// No mode bar: on a phone it lies over the chart's title and legend.
const CONFIG = { displaylogo: false, displayModeBar: false };

// Streamlit's chart greys (its gray 70 / 30 / 90 in a light theme, the mirror ones in a dark).
const LIGHT = { text: "#808495", grid: "#e6eaf1", legend: "#262730" };
const DARK = { text: "#e6eaf1", grid: "#31333F", legend: "#fafafa" };

// A chart's letters stay in Streamlit's own Source Sans (which Streamlit ships, so they are the
// same on every machine): the charts' layouts on a phone were fitted to its widths, and Noto Sans,
// the page's font, is wider (a player's calls by level turned their labels and laid them over each
// other, the Rummy limit's note met the lines). The page's fonts follow it, so a name in Malayalam
// or Bengali, a suit or an arrow is drawn in the face the package ships (docs/DASHBOARD.md, *The
// same look on every machine*).
const LETTERS = '"Source Sans"';

function chartFont(family) {
  return family ? `${LETTERS}, ${family}` : LETTERS;
}

function isDark(colour) {
  const probe = document.createElement("canvas").getContext("2d");
  probe.fillStyle = colour || "#ffffff";
  probe.fillRect(0, 0, 1, 1);
  const [red, green, blue] = probe.getImageData(0, 0, 1, 1).data;
  return 0.299 * red + 0.587 * green + 0.114 * blue < 128;
}

function themeTemplate(element) {
  const style = getComputedStyle(element);
  const value = (name) => style.getPropertyValue(name).trim();
  const background = value("--st-background-color");
  const grey = isDark(background) ? DARK : LIGHT;
  const family = chartFont(value("--st-font"));
  const colours = value("--st-chart-categorical-colors");
  const axis = {
    gridcolor: grey.grid,
    zerolinecolor: grey.grid,
    tickcolor: grey.grid,
    tickfont: { color: grey.text, size: 12 },
    automargin: true,
  };
  return {
    layout: {
      font: { color: grey.text, family, size: 12 },
      title: {
        font: {
          family: chartFont(value("--st-heading-font")),
          size: 16,
          color: value("--st-heading-color"),
        },
        x: 0,
        xanchor: "left",
        pad: { l: 2 },
      },
      legend: {
        title: { font: { size: 12, color: grey.text }, side: "top" },
        valign: "top",
        borderwidth: 0,
        font: { size: 12, color: grey.legend },
      },
      paper_bgcolor: background,
      plot_bgcolor: background,
      ...(colours ? { colorway: colours.split(",").map((colour) => colour.trim()) } : {}),
      xaxis: {
        ...axis,
        showgrid: false,
        zeroline: false,
        title: { font: { color: grey.text, size: 14 }, standoff: 20 },
      },
      yaxis: {
        ...axis,
        ticklabelposition: "outside",
        title: { font: { color: grey.text, size: 14 }, standoff: 24 },
      },
      margin: { pad: 8, r: 0, l: 0 },
      hoverlabel: {
        bgcolor: background,
        bordercolor: value("--st-border-color"),
        font: { color: grey.text, family, size: 12 },
      },
    },
  };
}

// Each chart's state by its drawing element: the figure to draw, whether it has been in view, its
// observers, and which run of the component owns it (Streamlit runs the module again with new data,
// and calls only the last run's cleanup, when the element leaves the page).
const charts = new WeakMap();
const waiting = []; // charts come into view, not drawn yet, in the order they came
let drawing = false;

function chartElement(parentElement) {
  let plot = parentElement.querySelector(":scope > .thuruppu-chart");
  if (!plot) {
    plot = document.createElement("div");
    plot.className = "thuruppu-chart";
    plot.style.width = "100%";
    parentElement.appendChild(plot);
  }
  return plot;
}

function scroller(element) {
  // The nearest ancestor that scrolls (Streamlit's main area), whose view the observer extends.
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(node).overflowY)) return node;
  }
  return null;
}

function failed(error, chart) {
  chart.plot.textContent = `This chart could not be drawn: ${error.message}`;
}

function draw(Plotly, chart) {
  if (charts.get(chart.plot) !== chart) return; // left the page meanwhile
  chart.drawn = true;
  try {
    Plotly.react(chart.plot, chart.figure.data, chart.figure.layout, CONFIG);
  } catch (error) {
    failed(error, chart);
    return;
  }
  if (!chart.resizing) {
    chart.resizing = new ResizeObserver(() => Plotly.Plots.resize(chart.plot));
    chart.resizing.observe(chart.plot);
  }
}

function drawNext(Plotly) {
  const chart = waiting.shift();
  if (!chart) {
    drawing = false;
    return;
  }
  if (chart.near) {
    chart.watching.disconnect();
    draw(Plotly, chart);
  } else {
    chart.queued = false; // the page grew above it meanwhile: queued again when near
  }
  // after the next paint: the frame callback runs before it, the task it queues after it
  requestAnimationFrame(() => setTimeout(() => drawNext(Plotly)));
}

function drawInTurn(chart) {
  waiting.push(chart);
  if (drawing) return;
  drawing = true;
  loadPlotly()
    .then((Plotly) => new Promise((resolve) => setTimeout(() => resolve(Plotly)))) // a task apart
    .then(drawNext, (error) => {
      waiting.splice(0).forEach((each) => failed(error, each));
      drawing = false;
    });
}

function watch(chart) {
  // Whether the chart is near is read again when its turn to be drawn comes: while the page is
  // still being laid out, a chart may pass near the view before what lies above it has its height.
  const seen = (entries) => {
    chart.near = entries[entries.length - 1].isIntersecting;
    if (!chart.near || chart.queued) return;
    chart.queued = true;
    drawInTurn(chart);
  };
  chart.watching = new IntersectionObserver(seen, {
    root: scroller(chart.plot),
    rootMargin: "100% 0px", // a screen's height above and below the view
  });
  chart.watching.observe(chart.plot);
}

function forget(chart) {
  charts.delete(chart.plot);
  chart.watching?.disconnect();
  chart.resizing?.disconnect();
  const place = waiting.indexOf(chart);
  if (place >= 0) waiting.splice(place, 1);
}

export default function (component) {
  const { data, parentElement } = component;
  const plot = chartElement(parentElement);
  const layout = { ...data.layout, autosize: true, template: themeTemplate(parentElement) };
  layout.height = layout.height || DEFAULT_HEIGHT;
  plot.style.height = `${layout.height}px`; // the chart's room is kept until it is drawn
  const run = {};
  let chart = charts.get(plot);
  if (!chart) {
    chart = { plot, near: false, queued: false, drawn: false, watching: null, resizing: null };
    charts.set(plot, chart);
    watch(chart);
  }
  chart.figure = { data: data.data, layout };
  chart.owner = run;
  if (chart.drawn && !waiting.includes(chart)) {
    loadPlotly().then(
      (Plotly) => draw(Plotly, chart),
      (error) => failed(error, chart),
    );
  }
  return () => {
    if (chart.owner === run) forget(chart);
  };
}

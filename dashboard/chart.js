// The dashboard's chart, drawn in the page (no frame): a plotly figure's traces and layout, sent as
// JSON by dashboard/chart.py, drawn with plotly.js's basic bundle (scatter, bar, pie), which
// chart_loader.js (put before this module) loads once per browser tab. The look follows the page's
// Streamlit theme, read from the theme's CSS variables, as Streamlit's own plotly chart does.

const DEFAULT_HEIGHT = 450; // plotly's own default, and Streamlit's
const CONFIG = { displaylogo: false, modeBarButtonsToRemove: ["lasso2d", "select2d"] };

// Streamlit's chart greys (its gray 70 / 30 / 90 in a light theme, the mirror ones in a dark).
const LIGHT = { text: "#808495", grid: "#e6eaf1", legend: "#262730" };
const DARK = { text: "#e6eaf1", grid: "#31333F", legend: "#fafafa" };

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
  const family = value("--st-font");
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
        font: { family: value("--st-heading-font"), size: 16, color: value("--st-heading-color") },
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

export default function (component) {
  const { data, parentElement } = component;
  let plot = parentElement.querySelector(":scope > .thuruppu-chart");
  if (!plot) {
    plot = document.createElement("div");
    plot.className = "thuruppu-chart";
    plot.style.width = "100%";
    parentElement.appendChild(plot);
  }
  const layout = { ...data.layout, autosize: true, template: themeTemplate(parentElement) };
  layout.height = layout.height || DEFAULT_HEIGHT;
  plot.style.height = `${layout.height}px`; // the chart's room is kept while the script loads
  let stopped = false;
  let resizing = null;
  loadPlotly()
    .then((Plotly) => {
      if (stopped) return;
      Plotly.react(plot, data.data, layout, CONFIG);
      resizing = new ResizeObserver(() => Plotly.Plots.resize(plot));
      resizing.observe(plot);
    })
    .catch((error) => {
      plot.textContent = `This chart could not be drawn: ${error.message}`;
    });
  return () => {
    stopped = true;
    resizing?.disconnect();
  };
}

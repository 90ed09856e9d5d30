/* plotly.js's basic bundle, loaded once per browser tab: served beside the app (dashboard/static)
 * by one script element, whose promise every chart of every page in the tab waits on. Put before
 * the chart's module (chart.js) and into the script that loads the bundle ahead (dashboard/chart.py),
 * which Streamlit's HTML sanitiser drops if its text holds a tag's opening bracket. */

const BUNDLE = "app/static/plotly-basic.min.js";

function loadPlotly() {
  if (!window.thuruppuPlotly) {
    window.thuruppuPlotly = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL(BUNDLE, document.baseURI).href;
      script.onload = () => resolve(window.Plotly);
      script.onerror = () => {
        window.thuruppuPlotly = undefined;
        reject(new Error(`the chart script ${script.src} could not be loaded`));
      };
      document.head.appendChild(script);
    });
  }
  return window.thuruppuPlotly;
}

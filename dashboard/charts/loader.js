/* plotly.js's basic bundle, loaded once per browser tab: served beside the app (dashboard/static)
 * by one script element, whose promise every chart of every page in the tab waits on. A chart asks
 * for it when it comes near the view; every page also asks for it once the page has settled (its
 * script has finished and the browser is idle), so that the next chart page finds it loaded. Put
 * before the chart's module (chart.js) and into the script that loads the bundle ahead
 * (dashboard/charts/chart.py), which Streamlit's HTML sanitiser drops if its text holds a tag's
 * opening bracket. */

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

// Resolves once the page's script has finished and the browser is then idle: what a page shows
// is drawn first, and plotly.js is fetched, run and drawn after it.
function whenSettled() {
  return new Promise((resolve) => {
    const app = document.querySelector('[data-testid="stApp"]');
    const later = window.requestIdleCallback || setTimeout;
    const idle = () => later(() => resolve(), { timeout: 1000 });
    const finished = () => !app || app.dataset.testScriptState === "notRunning";
    if (finished()) {
      idle();
      return;
    }
    const watch = new MutationObserver(() => {
      if (finished()) {
        watch.disconnect();
        idle();
      }
    });
    watch.observe(app, { attributes: true, attributeFilter: ["data-test-script-state"] });
  });
}

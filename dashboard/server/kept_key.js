// The key this browser tab was opened with, kept in the tab's sessionStorage so that a reload of
// the tab keeps it (TOURNAMENT.md §10; dashboard/server/kept_key.py). The server sends the key once, on
// the run that read it from the link; after a reload (a new server session, the link's key
// already cleared from the address bar) the key kept here is handed back to the server once.
// sessionStorage belongs to this tab alone: another tab, even of the same site, has its own.

const STORE = "thuruppu-tab-key";
let handed = false; // handed to this page load's server session already

export default function (component) {
  const { data, setStateValue } = component;
  let storage;
  try {
    storage = window.sessionStorage;
  } catch {
    return; // storage refused (a private window's setting): the tab keeps its key until reload
  }
  if (data && typeof data.keep === "string") {
    storage.setItem(STORE, data.keep);
    handed = true; // the server has it: it sent it
    return;
  }
  if (handed) return;
  handed = true;
  const kept = storage.getItem(STORE);
  if (kept) setStateValue("kept", kept);
}

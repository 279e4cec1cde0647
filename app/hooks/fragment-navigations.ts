/**
 * Gives each in-page jump (a link to `#pricing`, the skip link) a history entry of its own in the router's eyes.
 *
 * The browser makes such an entry itself, with no state, so React Router reads every one of them under the same key
 * ("default"): at the second jump it saved the current scroll position under that key and then "restored" it, which
 * stopped the browser's scroll half-way or before it began (the first jump from a fresh page load worked, the later
 * ones did not). Registered before the router, this gives the new entry a key of its own as the `popstate` arrives,
 * so the router finds no saved position and scrolls to the fragment, as the browser does without JavaScript; back
 * and forward still return to the positions the router saved for those entries.
 */
export function keyFragmentNavigations() {
  window.addEventListener(
    "popstate",
    () => {
      if (window.history.state !== null || !window.location.hash) return;
      const key = Math.random().toString(36).slice(2, 10);
      window.history.replaceState({ usr: null, key, idx: null }, "");
    },
    { capture: true },
  );
}

import type * as L from "leaflet";

/**
 * Keyboard use of the store map's markers (docs/decisions/0022-store-map.md). Leaflet makes every
 * marker a focusable role="button", but only a marker with a popup answers a key (Enter), and a
 * popup leaves focus on its pin and closes on Escape only while the map itself has focus.
 */

/** Runs `activate` on Enter and Space, as any button does. */
export function onButtonKeys(element: HTMLElement, activate: () => void) {
  element.addEventListener("keydown", (event) => {
    if ((event.key !== "Enter" && event.key !== " ") || event.altKey || event.ctrlKey || event.metaKey) return;
    // Also keeps Leaflet's own Enter handling (its keypress) from opening a popup a second time.
    event.preventDefault();
    event.stopPropagation();
    activate();
  });
}

const wired = new WeakSet<HTMLElement>();

/**
 * A pin's popup as a small dialog: opening it moves focus to its heading (the link follows with
 * one Tab), Escape inside it closes it, and closing it puts focus back on the pin whenever focus
 * was inside the popup (or lost with it). The close button gets the shop's German label.
 */
export function popupKeyboard(marker: L.Marker, closeLabel: string) {
  marker.on("popupopen", (event: L.PopupEvent) => {
    const element = event.popup.getElement();
    if (!element) return;
    const close = element.querySelector<HTMLElement>(".leaflet-popup-close-button");
    if (close) {
      close.setAttribute("aria-label", closeLabel);
      close.title = closeLabel;
    }
    // Leaflet keeps a popup's element from one opening to the next: one listener is enough.
    if (!wired.has(element)) {
      wired.add(element);
      element.addEventListener("keydown", (key) => {
        if (key.key !== "Escape") return;
        key.preventDefault();
        key.stopPropagation();
        marker.closePopup();
      });
    }
    element.querySelector<HTMLElement>(".map-popup-name")?.focus({ preventScroll: true });
  });
  marker.on("popupclose", (event: L.PopupEvent) => {
    const active = document.activeElement;
    const inside = !active || active === document.body || event.popup.getElement()?.contains(active);
    if (inside) marker.getElement()?.focus({ preventScroll: true });
  });
}

/** The marker of `layers` nearest to `at` among those on screen, or null. */
export function nearestMarker(map: L.Map, layers: Iterable<L.Marker>, at: L.LatLng): L.Marker | null {
  const bounds = map.getBounds();
  const centre = map.latLngToContainerPoint(at);
  let best: L.Marker | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const layer of layers) {
    const position = layer.getLatLng();
    if (!bounds.contains(position)) continue;
    const distance = map.latLngToContainerPoint(position).distanceTo(centre);
    if (distance < bestDistance) {
      best = layer;
      bestDistance = distance;
    }
  }
  return best;
}

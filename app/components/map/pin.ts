import * as L from "leaflet";
import { MAP } from "~/domain/store/map";
import { onButtonKeys, popupKeyboard } from "./keyboard";
import { popupContent, type IslandStore, type MapTexts } from "./popup";

const PIN_SVG =
  '<svg viewBox="-20 -40 40 40" aria-hidden="true"><path class="map-pin-shape" d="M0 0 C-4 -9 -14 -14 -14 -24 A14 14 0 1 1 14 -24 C14 -14 4 -9 0 0 Z"/><circle class="map-pin-dot" cy="-24" r="5"/></svg>';

/**
 * A store's pin on the live map: a button named after the store whose popup shows its times and
 * leads to its page (`go` navigates in the app). Enter and Space open the popup (keyboard.ts).
 */
export function storePin(
  store: IslandStore,
  at: L.LatLngExpression,
  texts: MapTexts,
  go: (href: string) => void,
): L.Marker {
  const pin = L.marker(at, {
    icon: L.divIcon({
      className: "map-pin-icon",
      html: PIN_SVG,
      iconSize: [MAP.iconSize, MAP.iconSize],
      iconAnchor: [MAP.iconSize / 2, MAP.iconSize],
      popupAnchor: [0, -MAP.iconSize],
    }),
    title: store.name,
    keyboard: true,
    riseOnHover: true,
  }).bindPopup(() => popupContent(store, texts, go), { maxWidth: 280 });
  popupKeyboard(pin, texts.closePopup);
  pin.on("add", () => {
    const element = pin.getElement();
    if (element) onButtonKeys(element, () => pin.openPopup());
  });
  return pin;
}

/** What the map island knows of a store: enough for its pin and popup, nothing more. */
export interface IslandStore {
  id: string;
  name: string;
  street: string;
  city: string;
  lat: number;
  lng: number;
  clickAndCollect: boolean;
  /** "Mo–Fr 07:00–21:00" lines. */
  opening: string[];
  staffed: string[];
  href: string;
}

/** The map's texts, translated on the server. `{{count}}` stands for a number of stores. */
export interface MapTexts {
  mapLabel: string;
  cluster: string;
  clusterSpread: string;
  openingHours: string;
  staffedHours: string;
  clickAndCollect: string;
  storePage: string;
  zoomIn: string;
  zoomOut: string;
  closePopup: string;
  /** Said after a cluster was opened by keyboard; `{{count}}` stores in view (one: `zoomedInOne`). */
  zoomedIn: string;
  zoomedInOne: string;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function hours(title: string, lines: string[]) {
  const block = element("div", "map-popup-hours");
  block.appendChild(element("strong", "", title));
  for (const line of lines) block.appendChild(element("span", "", line));
  return block;
}

/**
 * A pin's popup: name, address, opening and staffed times and the way to the store's page. Built
 * from text nodes, so nothing in a store's data can become markup; the link navigates in the app.
 */
export function popupContent(store: IslandStore, texts: MapTexts, go: (href: string) => void): HTMLElement {
  const box = element("div", "map-popup");
  // The heading takes focus when the popup opens (keyboard.ts): it names what the popup is about.
  const name = element("h2", "map-popup-name", store.name);
  name.tabIndex = -1;
  box.appendChild(name);
  const address = element("p", "map-popup-address");
  address.appendChild(document.createTextNode(store.street));
  address.appendChild(document.createElement("br"));
  address.appendChild(document.createTextNode(store.city));
  box.appendChild(address);
  if (store.clickAndCollect) box.appendChild(element("p", "map-popup-cc", texts.clickAndCollect));
  box.appendChild(hours(texts.openingHours, store.opening));
  box.appendChild(hours(texts.staffedHours, store.staffed));
  const link = element("a", "map-popup-link", texts.storePage);
  link.href = store.href;
  link.addEventListener("click", (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    go(store.href);
  });
  box.appendChild(link);
  return box;
}

/**
 * The product images the shop makes itself: a flat packshot per product, drawn from its shape,
 * category colour, brand and name. Pure, so the image route, the tiles' server markup and tests
 * share it: the same drawing stands alone as an image file and sits inside a page (decision 0061).
 */
export interface Packshot {
  name: string;
  brand: string;
  shape: string;
  color: string;
  organic: boolean;
}

interface Body {
  /** SVG of the pack, drawn in the category colour */
  draw: (c: string, dark: string) => string;
  /** where the label with brand and name sits */
  label: { x: number; y: number; w: number; h: number };
}

const SHAPES: Record<string, Body> = {
  bottle: {
    draw: (c, d) =>
      `<path d="M226 60h60v50c0 30 50 50 50 110v230a20 20 0 0 1-20 20H196a20 20 0 0 1-20-20V220c0-60 50-80 50-110z" fill="${c}"/><rect x="222" y="44" width="68" height="26" rx="6" fill="${d}"/>`,
    label: { x: 186, y: 250, w: 140, h: 150 },
  },
  can: {
    draw: (c, d) =>
      `<rect x="166" y="110" width="180" height="330" rx="26" fill="${c}"/><ellipse cx="256" cy="112" rx="90" ry="18" fill="${d}"/>`,
    label: { x: 176, y: 200, w: 160, h: 170 },
  },
  carton: {
    draw: (c, d) =>
      `<path d="M166 150l40-70h100l40 70v300a12 12 0 0 1-12 12H178a12 12 0 0 1-12-12z" fill="${c}"/><path d="M206 80h100l-10-24h-80z" fill="${d}"/>`,
    label: { x: 176, y: 210, w: 160, h: 190 },
  },
  jar: {
    draw: (c, d) =>
      `<rect x="156" y="160" width="200" height="280" rx="40" fill="${c}"/><rect x="170" y="110" width="172" height="56" rx="10" fill="${d}"/>`,
    label: { x: 166, y: 220, w: 180, h: 160 },
  },
  bag: {
    draw: (c, d) =>
      `<path d="M140 110q116-30 232 0l-18 340q-98 22-196 0z" fill="${c}"/><path d="M140 110q116-30 232 0l-4 30q-112-26-224 0z" fill="${d}"/>`,
    label: { x: 166, y: 200, w: 180, h: 190 },
  },
  box: {
    draw: (c, d) =>
      `<rect x="116" y="110" width="280" height="320" rx="10" fill="${c}"/><rect x="116" y="110" width="280" height="40" rx="10" fill="${d}"/>`,
    label: { x: 136, y: 190, w: 240, h: 200 },
  },
  tray: {
    draw: (c, d) =>
      `<path d="M86 220h340l-30 170H116z" fill="${c}"/><rect x="76" y="200" width="360" height="30" rx="8" fill="${d}"/>`,
    label: { x: 126, y: 250, w: 260, h: 120 },
  },
  fruit: {
    draw: (c, d) =>
      `<circle cx="256" cy="290" r="150" fill="${c}"/><path d="M256 140q10-60 60-70q-20 50-60 70z" fill="${d}"/>`,
    label: { x: 161, y: 230, w: 190, h: 140 },
  },
  loaf: {
    draw: (c, d) =>
      `<path d="M96 300q0-150 160-150t160 150v110a20 20 0 0 1-20 20H116a20 20 0 0 1-20-20z" fill="${c}"/><path d="M176 200l30 40M246 185l20 45M316 200l-10 40" stroke="${d}" stroke-width="12" stroke-linecap="round"/>`,
    label: { x: 136, y: 270, w: 240, h: 130 },
  },
  tube: {
    draw: (c, d) =>
      `<path d="M176 90h160l-30 330H206z" fill="${c}"/><rect x="226" y="420" width="60" height="40" rx="6" fill="${d}"/><rect x="170" y="76" width="172" height="24" rx="4" fill="${d}"/>`,
    label: { x: 196, y: 160, w: 120, h: 200 },
  },
  cup: {
    draw: (c, d) =>
      `<path d="M146 150h220l-30 290H176z" fill="${c}"/><rect x="136" y="130" width="240" height="30" rx="8" fill="${d}"/>`,
    label: { x: 171, y: 200, w: 170, h: 170 },
  },
  bar: {
    draw: (c, d) =>
      `<rect x="66" y="170" width="380" height="190" rx="12" fill="${c}"/><rect x="66" y="170" width="60" height="190" rx="12" fill="${d}"/>`,
    label: { x: 136, y: 190, w: 300, h: 150 },
  },
  crate: {
    draw: (c, d) =>
      `<rect x="86" y="190" width="340" height="250" rx="14" fill="${c}"/><rect x="186" y="220" width="140" height="30" rx="15" fill="${d}"/>${[126, 186, 246, 306, 366].map((x) => `<rect x="${x - 18}" y="110" width="36" height="90" rx="8" fill="${d}"/>`).join("")}`,
    label: { x: 106, y: 270, w: 300, h: 150 },
  },
  pack: {
    draw: (c, d) =>
      `<rect x="106" y="130" width="300" height="300" rx="28" fill="${c}"/><rect x="106" y="130" width="300" height="50" rx="28" fill="${d}"/>`,
    label: { x: 126, y: 200, w: 260, h: 200 },
  },
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Greedy word wrap into at most `maxLines` lines of about `width` characters. */
export function wrapWords(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1].slice(0, width - 1)}…`;
  }
  return lines;
}

function darken(hex: string, factor: number): string {
  const n = parseInt(hex.replace("#", ""), 16);
  const channel = (shift: number) =>
    Math.round(((n >> shift) & 255) * factor)
      .toString(16)
      .padStart(2, "0");
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/**
 * How the drawing's texts and frame are styled: a file by presentation attributes on its elements;
 * a page by the classes its stylesheet gives (`.tile-pack` in app.css), a few hundred bytes less a
 * tile, its frame the picture's background there. A `<style>` element would style the whole page.
 */
const FILE_LOOK = {
  frame: `<rect width="512" height="512" fill="#f4f1ea"/>`,
  name: `font-size="24" fill="#1d1d1b"`,
  brand: `font-size="20" font-weight="700" letter-spacing="1"`,
  organic: `font-size="26" font-weight="700" fill="#fff"`,
};
const PAGE_LOOK = { name: `class="n"`, brand: `class="b"` };

/** The colour of a pack whose category gives none (or none the drawing can use). */
export const DEFAULT_PACK_COLOR = "#5f8f2f";

const packColor = (p: Packshot) => (/^#[0-9a-f]{6}$/i.test(p.color) ? p.color : DEFAULT_PACK_COLOR);
const bodyOf = (shape: string) => SHAPES[shape] ?? SHAPES.pack;
/** The shapes the page draws: an unknown one is drawn, and named, as a plain pack. */
export const packShapeOf = (shape: string) => (shape in SHAPES ? shape : "pack");

const SHADOW = `<ellipse cx="256" cy="462" rx="170" ry="18" fill="#e2ddd1"/>`;
const labelOf = ({ x, y, w, h }: Body["label"]) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="12" fill="#fffdf7"/>`;
/** The organic seal; its text styled by attributes, since a page draws it once for all its packs. */
const ORGANIC = `<circle cx="420" cy="92" r="44" fill="#3d8b37"/><text x="420" y="101" ${FILE_LOOK.organic}>BIO</text>`;

/** What the pack says: its brand and its name, wrapped onto the label. */
function labelTexts(p: Packshot, look: typeof PAGE_LOOK, color: string): string {
  const { x, y, w, h } = bodyOf(p.shape).label;
  const charsPerLine = Math.max(8, Math.floor(w / 15));
  const lines = wrapWords(p.name, charsPerLine, 3);
  const lineHeight = 30;
  const textTop = y + 58 + (h - 58 - lines.length * lineHeight) / 2;
  const name = lines
    .map(
      (line, i) => `<text x="${x + w / 2}" y="${textTop + i * lineHeight + 22}" ${look.name}>${escapeXml(line)}</text>`,
    )
    .join("");
  return (
    `<text x="${x + w / 2}" y="${y + 36}" ${look.brand} fill="${darken(color, 0.55)}">${escapeXml(p.brand.toUpperCase().slice(0, charsPerLine + 2))}</text>` +
    name
  );
}

/** What a file's `<svg>` holds: its frame, the shape in its colours, the label and the seal. */
function fileDrawing(p: Packshot): string {
  const color = packColor(p);
  const body = bodyOf(p.shape);
  return (
    FILE_LOOK.frame +
    SHADOW +
    body.draw(color, darken(color, 0.7)) +
    labelOf(body.label) +
    labelTexts(p, FILE_LOOK, color) +
    (p.organic ? ORGANIC : "")
  );
}

/** The pack as an image file (the image route): named for those who open it on its own. */
export function packshotSvg(p: Packshot): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512" role="img" aria-label="${escapeXml(p.name)}"` +
    ` font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif" text-anchor="middle">${fileDrawing(p)}</svg>`
  );
}

/** The id under which a page defines a shape (or the organic seal) once for all its packs. */
const defId = (name: string) => `pack-${name}`;

/**
 * The pack inside a page's markup (a tile's picture): drawn with the page, where an image file of
 * its own would be a document of its own to the browser, made on the main thread while the page
 * starts. The shape and the seal are the page's own, defined once (`packShapeDefs`) and used by
 * each pack in its colour: what a tile adds is its colour and its texts. Hidden from assistive
 * technology like the tile's `alt=""` picture: the tile's heading names the product.
 */
export function inlinePackshot(p: Packshot): string {
  const color = packColor(p);
  return (
    `<svg viewBox="0 0 512 512" aria-hidden="true" focusable="false" color="${color}">` +
    `<use href="#${defId(packShapeOf(p.shape))}"/>${labelTexts(p, PAGE_LOOK, color)}` +
    `${p.organic ? `<use href="#${defId("organic")}"/>` : ""}</svg>`
  );
}

/** A shape's darker parts alone, in black: the parts in the main colour drawn in none, and left out. */
const darkParts = (body: Body) => body.draw("none", "#000").replace(/<[^>]*fill="none"\/>/g, "");

/**
 * The shapes a page's packs use (`packShapeOf`'s names) and the organic seal, as an `<svg>` that
 * shows nothing itself (`.pack-shapes` in app.css). A shape is drawn in `currentColor`, the pack's
 * colour; its darker parts again in black at 30 %, which is exactly the file's colour darkened to 70 %.
 */
export function packShapeDefs(shapes: Iterable<string>, organic: boolean): string {
  let defs = "";
  for (const shape of shapes) {
    const body = bodyOf(shape);
    defs +=
      `<g id="${defId(shape)}">${SHADOW}${body.draw("currentColor", "currentColor")}` +
      `<g fill-opacity=".3" stroke-opacity=".3">${darkParts(body)}</g>${labelOf(body.label)}</g>`;
  }
  if (organic) defs += `<g id="${defId("organic")}">${ORGANIC}</g>`;
  return defs ? `<svg class="pack-shapes" aria-hidden="true" focusable="false"><defs>${defs}</defs></svg>` : "";
}

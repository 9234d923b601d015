import { isDrag, slideForKey, slideGlides, slideOffset, swipeStep, wrapIndex } from "./wheelTurning";

/** What the wheel says (from locales/de/catalog.json, translated by InspirationWheel). */
export interface WheelTexts {
  carousel: string;
  slide: string;
  /** each slide's label ("Produkt 3 von 8") */
  positions: string[];
}

export interface Wheel {
  turnBy(step: number): void;
  stop(): void;
}

/**
 * The inspiration wheel's own chunk, loaded after hydration (docs/decisions/0024-inspiration-wheel.md).
 * It makes the server's row of similar products a carousel (WAI-ARIA carousel pattern): the section
 * becomes its region, each slide a group placed by its offset from the one in focus (app.css), and
 * the slides beside it are inert. Arrow keys anywhere in the section, swipes and a click on a
 * neighbour turn it; when the slide under the keyboard focus turns away, focus follows to the tile
 * now in focus. Only attributes are set, on the elements React rendered without them, so the tiles
 * and their forms are never rendered anew; `stop` takes them off again. It imports nothing but the
 * pure rules, so the pages' shared chunks stay as they are.
 */
export function turnableWheel(section: HTMLElement, texts: WheelTexts, onTurn: (focus: number) => void): Wheel {
  const track = section.querySelector<HTMLElement>(".wheel-track")!;
  const slides = [...track.children] as HTMLElement[];
  const groups = slides.map((slide) => slide.firstElementChild as HTMLElement);
  const count = slides.length;
  // The row turns into the wheel as it comes near the screen: a keyboard's focus already inside it
  // (Tab scrolls the row into view) keeps its product, which becomes the one in focus.
  let focus = Math.max(
    0,
    slides.findIndex((slide) => slide.contains(document.activeElement)),
  );
  let swipeStart: { x: number; y: number } | null = null;
  let dragged = false;

  const place = (from: number | null, reducedMotion: boolean) => {
    slides.forEach((slide, index) => {
      const offset = slideOffset(index, focus, count);
      const place = String(Math.max(-3, Math.min(3, offset)));
      // a slide that keeps its place (far behind the wheel) has no transition to wait for
      const moves = slide.dataset.offset !== place;
      slide.dataset.offset = place;
      slide.toggleAttribute(
        "data-glides",
        moves && from !== null && slideGlides(slideOffset(index, from, count), offset, count, reducedMotion),
      );
      groups[index].inert = offset !== 0;
    });
  };
  const turnTo = (index: number) => {
    const refocus = track.contains(document.activeElement);
    const from = focus;
    focus = wrapIndex(index, count);
    place(from, matchMedia("(prefers-reduced-motion: reduce)").matches);
    if (refocus) slides[focus].querySelector<HTMLElement>(".tile-link")?.focus({ preventScroll: true });
    onTurn(focus);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = slideForKey(event.key, focus, count);
    if (index === null || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    turnTo(index);
  };
  const onPointerDown = (event: PointerEvent) => {
    dragged = false;
    swipeStart = event.isPrimary && event.button === 0 ? { x: event.clientX, y: event.clientY } : null;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!swipeStart) return;
    const [dx, dy] = [event.clientX - swipeStart.x, event.clientY - swipeStart.y];
    swipeStart = null;
    dragged = isDrag(dx, dy);
    const step = swipeStep(dx, dy);
    if (step) turnTo(focus + step);
  };
  // the browser took the gesture over (the page scrolls up or down): no turn
  const onPointerCancel = () => {
    swipeStart = null;
  };
  // a swipe or drag that began on a link is no click on it; a click on a neighbour brings it into focus
  const onClick = (event: MouseEvent) => {
    const index = slides.findIndex((slide) => slide.contains(event.target as Node));
    const neighbour = index >= 0 && index !== focus;
    if (dragged || neighbour) {
      event.preventDefault();
      event.stopPropagation();
    }
    if (neighbour && !dragged) turnTo(index);
    dragged = false;
  };
  // a slide glides only while it turns, not when the window changes size (the tilt, app.css)
  const onGlided = (event: Event) => {
    const slide = event.target as HTMLElement;
    if (slide.parentElement === track) slide.removeAttribute("data-glides");
  };
  // The track hides its overflow (app.css) and must never scroll: focus moving to a neighbour's
  // link would scroll it sideways and take the slides out of their places.
  const onScrolled = () => {
    track.scrollLeft = 0;
  };
  const listeners: [HTMLElement, string, EventListener][] = [
    [track, "scroll", onScrolled],
    [section, "keydown", onKeyDown as EventListener],
    [track, "transitionend", onGlided],
    [track, "transitioncancel", onGlided],
    [track, "pointerdown", onPointerDown as EventListener],
    [track, "pointerup", onPointerUp as EventListener],
    [track, "pointercancel", onPointerCancel],
    [track, "click", onClick as EventListener],
  ];

  for (const [target, type, listener] of listeners) target.addEventListener(type, listener, true);
  section.dataset.turning = "";
  section.setAttribute("role", "region");
  section.setAttribute("aria-roledescription", texts.carousel);
  // the slides are the carousel's groups, not the items of a list
  track.setAttribute("role", "none");
  groups.forEach((group, index) => {
    group.setAttribute("role", "group");
    group.setAttribute("aria-roledescription", texts.slide);
    group.setAttribute("aria-label", texts.positions[index]);
  });
  place(null, true);
  // the row may have been scrolled sideways before it turned (to a focused tile): the wheel places its slides itself
  track.scrollLeft = 0;

  return {
    turnBy: (step) => turnTo(focus + step),
    stop() {
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener, true);
      for (const name of ["data-turning", "role", "aria-roledescription"]) section.removeAttribute(name);
      track.removeAttribute("role");
      for (const slide of slides) for (const name of ["data-offset", "data-glides"]) slide.removeAttribute(name);
      for (const group of groups)
        for (const name of ["role", "aria-roledescription", "aria-label", "inert"]) group.removeAttribute(name);
    },
  };
}

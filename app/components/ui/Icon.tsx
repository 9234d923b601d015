/**
 * The few line icons the shop uses, decorative. Each is one empty element drawn by the stylesheet
 * (`.icon-<name>` in app.css, a mask in the text's colour), so a page does not repeat the drawing
 * of every cart and heart button.
 */
export type IconName =
  | "search"
  | "heart"
  | "user"
  | "cart"
  | "menu"
  | "close"
  | "moon"
  | "sun"
  | "chevron"
  | "store"
  | "logout";

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span className={`icon icon-${name}${className ? ` ${className}` : ""}`} aria-hidden="true" />;
}

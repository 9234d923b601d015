import { actionsClass, useVisitorLogin, type VisitorActionProps } from "./visitor-login";
import { VisitorActionLinks } from "./VisitorActionLinks";

/** A visitor's shopping actions, rendered by React (the product page, tiles mounted in the browser). */
export function VisitorActions(props: VisitorActionProps) {
  const { href, onClick } = useVisitorLogin();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the links inside answer Enter themselves (as a click, which comes here)
    // biome-ignore lint/a11y/noStaticElementInteractions: the container only turns its links' clicks into the prompt
    <div className={actionsClass(props.compact)} onClick={onClick}>
      <VisitorActionLinks {...props} href={href} />
    </div>
  );
}

import type { TFunction } from "~/i18n/texts";
import type { Card } from "~/domain/card/card";

/** How a card is called on the page: its name, or its kind with the last four digits. */
export function cardName(t: TFunction, card: Pick<Card, "alias" | "type" | "number">): string {
  return card.alias || `${t(`card.types.${card.type}`)} …${card.number.slice(-4)}`;
}

import { useTranslation } from "~/i18n/texts";
import type { Badge, Label } from "~/domain/catalog/product";

export function BadgeList({ badges }: { badges: Badge[] }) {
  const { t } = useTranslation();
  if (!badges.length) return null;
  return (
    <ul className="badges">
      {badges.map((b) => (
        <li key={b} className={`badge badge-${b}`}>
          {t(`product.badges.${b}`)}
        </li>
      ))}
    </ul>
  );
}

export function LabelList({ labels }: { labels: Label[] }) {
  const { t } = useTranslation();
  if (!labels.length) return null;
  return (
    <ul className="labels">
      {labels.map((l) => (
        <li key={l} className={`label label-${l}`}>
          {t(`product.labels.${l}`)}
        </li>
      ))}
    </ul>
  );
}

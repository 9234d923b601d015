import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { customerStatusAction, formatCardNumber, pinAttemptsReached, type Card } from "~/domain/card/card";
import { formatGermanDate } from "~/domain/content/date";
import { cardName } from "./cardName";

/** One card in the list: its facts, why it is blocked where it is, and the dialogs it offers. */
export function CardItem({ card }: { card: Card }) {
  const { t } = useTranslation("cards");
  const name = cardName(t, card);
  const statusAction = customerStatusAction(card.status);
  const headingId = `card-${card.id}-name`;
  const base = `/account/cards/${card.id}`;
  // Each action's name starts with the words on its button and then says which card (WCAG 2.5.3,
  // label in name: a voice-control user says what she sees).
  const which = <span className="visually-hidden">{t("card.whichCard", { card: name })}</span>;
  return (
    <li className="card-item">
      <article aria-labelledby={headingId}>
        <h2 id={headingId} className="card-item-name">
          {name}
        </h2>
        <dl className="card-facts">
          <div>
            <dt>{t("card.number")}</dt>
            <dd className="card-number">{formatCardNumber(card.number)}</dd>
          </div>
          <div>
            <dt>{t("card.issued")}</dt>
            <dd>{formatGermanDate(card.issuedAt)}</dd>
          </div>
          <div>
            <dt>{t("card.type")}</dt>
            <dd>{t(`card.types.${card.type}`)}</dd>
          </div>
          <div>
            <dt>{t("card.status")}</dt>
            <dd>
              <span className={`mark card-status card-status-${card.status}`}>{t(`card.statuses.${card.status}`)}</span>
            </dd>
          </div>
          <div>
            <dt>{t("card.pin")}</dt>
            <dd>{t(card.hasPin ? "card.pinStates.active" : "card.pinStates.none")}</dd>
          </div>
        </dl>
        {pinAttemptsReached(card) ? (
          <p className="form-message form-message-warning">{t("card.pinAttemptsReached")}</p>
        ) : null}
        {statusAction === null ? (
          <p className="form-message form-message-info">{t(`card.whyBlocked.${card.status}`)}</p>
        ) : null}
        <div className="button-row">
          <Link to={`${base}/alias`} className="button button-secondary" preventScrollReset>
            {t("card.rename")}
            {which}
          </Link>
          {statusAction ? (
            <Link to={`${base}/status`} className="button button-secondary" preventScrollReset>
              {t(`card.${statusAction}`)}
              {which}
            </Link>
          ) : null}
          {card.status === "blocked_permanently" ? null : (
            <Link to={`${base}/pin`} className="button button-secondary" preventScrollReset>
              {t(card.hasPin ? "card.pinManage" : "card.pinAssign")}
              {which}
            </Link>
          )}
        </div>
      </article>
    </li>
  );
}

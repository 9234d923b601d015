import { useTranslation } from "~/i18n/texts";
import { CARD_DELIVERY_WORKING_DAYS, isOpen, type Application } from "~/domain/card/application";
import { formatGermanDate } from "~/domain/content/date";

/** The newest card application: where it stands, in words, and when the card comes. */
export function ApplicationStatus({ application }: { application: Application }) {
  const { t } = useTranslation("cards");
  return (
    <div className="application-status">
      <p>
        {t("application.statusFrom", {
          date: formatGermanDate(application.createdAt),
          name: application.nameOnCard,
          store: application.storeName,
        })}
      </p>
      <p>
        <span className={`mark application-state application-state-${application.state}`}>
          {t(`applicationState.${application.state}.label`)}
        </span>{" "}
        {t(`applicationState.${application.state}.text`)}
      </p>
      {isOpen(application.state) ? <p>{t("application.arrives", { count: CARD_DELIVERY_WORKING_DAYS })}</p> : null}
    </div>
  );
}

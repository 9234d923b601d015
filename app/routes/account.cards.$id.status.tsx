import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/texts";
import { cardName } from "~/components/card/cardName";
import { DialogTitle } from "~/components/ui/Modal";
import { RouteModal } from "~/components/ui/RouteModal";
import { customerStatusAction, type StatusAction } from "~/domain/card/card";
import { changeCardStatus } from "~/domain/card/card.server";
import { statusSchema } from "~/domain/card/schema";
import { CHANGE_FAILED, STATUS_DONE, STATUS_REFUSALS, backToCards, orFailed } from "~/http/card/card-change.server";
import { requireOwnCard } from "~/http/card/own-card.server";
import type { Notice } from "~/platform/flash.server";
import { parseForm, readForm } from "~/platform/form.server";
import { requireCustomer } from "~/platform/auth.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  return { card: await requireOwnCard(context.env.DB, customer.id, params.id) };
}

/** Being locked or unlocked already is news, not an error. */
const INFO = new Set(["alreadyLocked", "alreadyActive"]);

function noticeOf(
  outcome: Awaited<ReturnType<typeof changeCardStatus>> | "failed",
  statusAction: StatusAction,
): Notice {
  if (outcome === "done") return { type: "success", key: STATUS_DONE[statusAction] };
  if (outcome === "failed") return { type: "error", key: CHANGE_FAILED.status };
  return { type: INFO.has(outcome) ? "info" : "error", key: STATUS_REFUSALS[outcome] };
}

/** Lock or unlock after the confirmation; a block by the provider is not the customer's to lift. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const card = await requireOwnCard(context.env.DB, customer.id, params.id);
  const submission = parseForm(await readForm(request, context), statusSchema);
  if (submission.status !== "success") throw await backToCards(context, { type: "error", key: CHANGE_FAILED.status });
  const statusAction = submission.value.change;
  const outcome = await orFailed("card status change", () =>
    changeCardStatus(context.env.DB, customer.id, card, { action: statusAction, version: submission.value.version }),
  );
  throw await backToCards(context, noticeOf(outcome, statusAction));
}

export default function CardStatus() {
  const { card } = useLoaderData<typeof loader>();
  const { t } = useTranslation("cards");
  const statusAction = customerStatusAction(card.status);
  const name = cardName(t, card);
  return (
    <RouteModal labelledBy="card-status-title" closeTo="/account/cards">
      <DialogTitle id="card-status-title">
        {t(statusAction ? `status.${statusAction}Title` : "status.notChangeableTitle")}
      </DialogTitle>
      {statusAction ? (
        <>
          <p>{t(`status.${statusAction}Question`, { card: name })}</p>
          <Form method="post" preventScrollReset className="button-row">
            <AuthenticityTokenInput />
            <input type="hidden" name="version" value={card.version} />
            <button
              type="submit"
              name="change"
              value={statusAction}
              className={statusAction === "lock" ? "button button-danger" : "button button-primary"}
            >
              {t(`status.${statusAction}Confirm`)}
            </button>
            <Link to="/account/cards" className="button button-secondary" preventScrollReset>
              {t("application.cancel")}
            </Link>
          </Form>
        </>
      ) : (
        <>
          <p>{t(`card.whyBlocked.${card.status}`)}</p>
          <Link to="/account/cards" className="button button-secondary" preventScrollReset>
            {t("status.back")}
          </Link>
        </>
      )}
    </RouteModal>
  );
}

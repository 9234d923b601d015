import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { PinForms } from "~/components/card/PinForms";
import { RouteModal } from "~/components/ui/RouteModal";
import { changePin, type PinChange, type PinOutcome } from "~/domain/card/card.server";
import { pinChangeSchema, pinDisableSchema, pinSetSchema } from "~/domain/card/schema";
import { backToCards, orFailed } from "~/http/card/card-change.server";
import { withPasswordConfirmation } from "~/http/customer/password-confirmation.server";
import { requireOwnCard } from "~/http/card/own-card.server";
import { requireCustomer } from "~/platform/auth.server";
import type { Notice } from "~/platform/flash.server";
import { parseForm, readForm, unknownIntent } from "~/platform/form.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  return { card: await requireOwnCard(context.env.DB, customer.id, params.id) };
}

/** Neither PINs nor the password ever go back to the browser. */
const SECRET_FIELDS = ["pin", "pinRepeat", "password"];

const DONE: Record<"set" | "change" | "disable", string> = {
  set: "cards:pin.assigned",
  change: "cards:pin.changed",
  disable: "cards:pin.disabled",
};

const REFUSED: Record<Exclude<PinOutcome, "done" | "wrongPassword">, string> = {
  changedMeanwhile: "cards:changedMeanwhile",
  pinExists: "cards:pin.pinExists",
  noPin: "cards:pin.noPin",
  blockedPermanently: "cards:pin.blockedPermanently",
};

const SCHEMA = { set: pinSetSchema, change: pinChangeSchema, disable: pinDisableSchema } as const;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const card = await requireOwnCard(context.env.DB, customer.id, params.id);
  const form = await readForm(request, context);
  const intent = form.get("intent");
  if (intent !== "set" && intent !== "change" && intent !== "disable") throw unknownIntent();
  const submission = parseForm(form, SCHEMA[intent]);
  const reply = (status: number, fieldErrors?: Record<string, string[]>) =>
    data({ intent, result: submission.reply({ hideFields: SECRET_FIELDS, fieldErrors }) }, { status });
  if (submission.status !== "success") return reply(400);
  const change = { kind: intent, ...submission.value } as PinChange;
  const work = () => changePin(context.env, customer.id, card, change);
  // only a change that asks for the password counts against its throttle
  const outcome = await orFailed("card PIN", () =>
    intent === "set" ? work() : withPasswordConfirmation(context, customer.id, work),
  );
  if (outcome === null) return reply(429, { password: ["session.throttled"] });
  if (outcome === "wrongPassword") return reply(400, { password: ["cards:pin.wrongPassword"] });
  const notice: Notice =
    outcome === "done"
      ? { type: "success", key: DONE[intent] }
      : { type: "error", key: outcome === "failed" ? "cards:pin.failed" : REFUSED[outcome] };
  throw await backToCards(context, notice);
}

export default function CardPin() {
  const { card } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("cards");
  return (
    <RouteModal labelledBy="card-pin-title" closeTo="/account/cards">
      <h2 id="card-pin-title">{t(card.hasPin ? "pin.manageTitle" : "pin.assignTitle")}</h2>
      <PinForms card={card} intent={actionData?.intent} lastResult={actionData?.result} />
    </RouteModal>
  );
}

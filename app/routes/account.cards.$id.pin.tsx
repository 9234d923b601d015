import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { PinForms } from "~/components/card/PinForms";
import { RouteModal } from "~/components/ui/RouteModal";
import type { PinChange } from "~/domain/card/card.server";
import { pinChangeSchema, pinDisableSchema, pinSetSchema } from "~/domain/card/schema";
import {
  CHANGE_FAILED,
  PIN_DONE,
  PIN_REFUSALS,
  backToCards,
  changePinConfirmed,
  orFailed,
} from "~/http/card/card-change.server";
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
  const outcome = await orFailed("card PIN", () => changePinConfirmed(context, customer.id, card, change));
  if (outcome === null) return reply(429, { password: ["session.throttled"] });
  if (outcome === "wrongPassword") return reply(400, { password: [PIN_REFUSALS.wrongPassword] });
  const notice: Notice =
    outcome === "done"
      ? { type: "success", key: PIN_DONE[intent] }
      : { type: "error", key: outcome === "failed" ? CHANGE_FAILED.pin : PIN_REFUSALS[outcome] };
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

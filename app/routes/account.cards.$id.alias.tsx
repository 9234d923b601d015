import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { CardAliasForm } from "~/components/card/CardAliasForm";
import { RouteModal } from "~/components/ui/RouteModal";
import { renameCard } from "~/domain/card/card.server";
import { aliasSchema } from "~/domain/card/schema";
import { ALIAS_SAVED, CHANGE_FAILED, CHANGED_MEANWHILE, backToCards, orFailed } from "~/http/card/card-change.server";
import { requireOwnCard } from "~/http/card/own-card.server";
import { requireCustomer } from "~/platform/auth.server";
import { parseForm, readForm } from "~/platform/form.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  return { card: await requireOwnCard(context.env.DB, customer.id, params.id) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const card = await requireOwnCard(context.env.DB, customer.id, params.id);
  const submission = parseForm(await readForm(request, context), aliasSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await orFailed("card rename", () => renameCard(context.env.DB, customer.id, card, submission.value));
  throw await backToCards(
    context,
    outcome === "done"
      ? { type: "success", key: ALIAS_SAVED }
      : { type: "error", key: outcome === "changedMeanwhile" ? CHANGED_MEANWHILE : CHANGE_FAILED.alias },
  );
}

export default function CardAlias() {
  const { card } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("cards");
  return (
    <RouteModal labelledBy="card-alias-title" closeTo="/account/cards">
      <h2 id="card-alias-title">{t("alias.title")}</h2>
      <CardAliasForm card={card} lastResult={actionData?.result} />
    </RouteModal>
  );
}

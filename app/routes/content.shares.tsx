import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { Trans } from "~/i18n/Trans";
import { DeclarationForm } from "~/components/share/DeclarationForm";
import { PurchaseProgress } from "~/components/share/PurchaseProgress";
import { berlinToday } from "~/domain/time/berlin";
import { formatEuro } from "~/domain/money/format";
import { loadDeclarationPage } from "~/domain/share/declaration-page.server";
import { profileProblem, suggestedAddress, type Declaration } from "~/domain/share/declaration.server";
import { declareShares } from "~/domain/share/purchase.server";
import { declarationSchema } from "~/domain/share/schema";
import { SHARE_PRICE_CENTS } from "~/domain/share/share";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm, readForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["shares", "account"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "description", content: d?.description ?? "" },
  { name: "robots", content: "noindex" },
];

/** The share purchase page (`/content/shares`, docs/decisions/0021): what membership means, and the declaration. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const [page, t] = await Promise.all([loadDeclarationPage(context.env.DB, customer.id), translator("shares")]);
  return data(
    {
      member: { firstname: customer.firstname, lastname: customer.lastname, email: customer.email, dob: page.dob },
      addresses: page.addresses,
      suggestedAddressId: suggestedAddress(page.addresses)?.id ?? null,
      problem: profileProblem(page.dob, page.addresses.length, berlinToday()),
      open: page.open,
      declined: page.declined,
      refusalReason: page.refusalReason,
      memberNumber: page.memberNumber,
      title: pageTitle(t("purchase.title"), t),
      description: t("purchase.metaDescription"),
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const submission = parseForm(await readForm(request, context), declarationSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = submission.value;
  const page = await loadDeclarationPage(context.env.DB, customer.id);
  const problem = profileProblem(page.dob, page.addresses.length, berlinToday());
  if (problem || !page.dob)
    return data(
      { result: submission.reply({ formErrors: [`shares:declaration.${problem ?? "needsDob"}`] }) },
      { status: 400 },
    );
  const address = page.addresses.find((a) => String(a.id) === input.addressId);
  if (!address)
    return data(
      { result: submission.reply({ fieldErrors: { addressId: ["shares:declaration.addressRequired"] } }) },
      { status: 400 },
    );
  const declaration: Declaration = {
    quantity: input.quantity,
    firstname: customer.firstname,
    lastname: customer.lastname,
    dob: page.dob,
    email: customer.email,
    address: {
      street: address.street,
      houseNumber: address.houseNumber,
      addressAddition: address.addressAddition,
      zip: address.zip,
      city: address.city,
    },
    consentsAt: new Date().toISOString(),
  };
  let outcome: Awaited<ReturnType<typeof declareShares>>;
  try {
    outcome = await declareShares(context.env, customer, declaration, new URL(request.url).origin);
  } catch (error) {
    console.error("share declaration failed", error);
    return data({ result: submission.reply({ formErrors: ["shares:declaration.failed"] }) }, { status: 503 });
  }
  if (outcome.kind === "alreadyOpen")
    return data({ result: submission.reply({ formErrors: ["shares:declaration.alreadyOpen"] }) }, { status: 409 });
  throw await redirectWithNotice(context.env, "/content/shares/confirm", {
    type: "success",
    key: "shares:declaration.sent",
  });
}

export default function SharePurchase() {
  const { member, addresses, suggestedAddressId, problem, open, declined, refusalReason, memberNumber } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("shares");
  const price = formatEuro(SHARE_PRICE_CENTS);
  return (
    <div className="content-page page-narrow share-purchase">
      <h1>{t("purchase.title")}</h1>
      {/* The dialog ('E-Mail bestätigen', cancelling) comes first: without JavaScript it is part of
          the page and must be where the customer looks (docs/decisions/0038). */}
      <Outlet />
      <p className="lead">{t("purchase.intro")}</p>
      <p>
        <strong>{t("purchase.benefit")}</strong>: {t("purchase.price", { price })}
      </p>
      <p>{t("purchase.steps")}</p>
      <p>
        <Link to="/content/mitgliedschaft">{t("purchase.moreLink")}</Link>
      </p>
      {memberNumber ? (
        <p className="form-message form-message-info">{t("purchase.memberHint", { number: memberNumber })}</p>
      ) : null}
      <h2>{t("declaration.title")}</h2>
      {declined ? <p className="form-message form-message-warning">{t("declined")}</p> : null}
      {refusalReason ? (
        <div className="form-message form-message-warning" id="share-refusal">
          <p>{t("refusal.page")}</p>
          <p>{refusalReason}</p>
        </div>
      ) : null}
      {open ? (
        <PurchaseProgress purchase={open} />
      ) : problem ? (
        <p className="form-message form-message-warning">
          {problem === "tooYoung" ? (
            t("declaration.tooYoung")
          ) : (
            <Trans
              t={t}
              i18nKey={`declaration.${problem}`}
              components={{ 1: <Link to={problem === "needsDob" ? "/account/customer" : "/account/address/new"} /> }}
            />
          )}
        </p>
      ) : member.dob ? (
        <DeclarationForm
          member={{ ...member, dob: member.dob }}
          addresses={addresses}
          suggestedAddressId={suggestedAddressId}
          lastResult={actionData?.result}
        />
      ) : null}
    </div>
  );
}

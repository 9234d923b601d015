import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AddressForm } from "~/components/account/AddressForm";
import { RouteModal } from "~/components/ui/RouteModal";
import { createAddress } from "~/domain/customer/address.server";
import { addressSchema } from "~/domain/customer/schema";
import { requireCustomer } from "~/platform/auth.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm, readForm } from "~/platform/form.server";

/** "Add one in place": a new delivery address from the checkout, back to the same checkout choices. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCustomer(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const form = await readForm(request, context);
  const submission = parseForm(form, addressSchema);
  if (submission.status !== "success") return data({ result: submission.reply({ formErrors: ["account:address.saveFailed"] }) }, { status: 400 });
  await createAddress(context.env.DB, customer.id, { ...submission.value, defaultShipping: "on" });
  throw await redirectWithNotice(request, context.env, `/checkout${new URL(request.url).search}`, { type: "success", key: "account:address.saved" });
}

export default function CheckoutAddress() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("checkout");
  const { search } = useLocation();
  return (
    <RouteModal labelledBy="checkout-address-title" closeTo={`/checkout${search}`}>
      <h2 id="checkout-address-title">{t("address.addTitle")}</h2>
      <AddressForm lastResult={actionData?.result} submitLabel={t("address.add")} cancelTo={`/checkout${search}`} />
    </RouteModal>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AddressForm } from "~/components/account/AddressForm";
import { RouteModal } from "~/components/ui/RouteModal";
import { createAddress } from "~/domain/customer/address.server";
import { addressSchema } from "~/domain/customer/schema";
import { requireCustomer } from "~/platform/auth.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm, readForm } from "~/platform/form.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCustomer(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const form = await readForm(request, context);
  const submission = parseForm(form, addressSchema);
  if (submission.status !== "success") return data({ result: submission.reply({ formErrors: ["account:address.saveFailed"] }) }, { status: 400 });
  await createAddress(context.env.DB, customer.id, submission.value);
  throw await redirectWithNotice(request, context.env, "/account/address", { type: "success", key: "account:address.saved" });
}

export default function NewAddress() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <RouteModal labelledBy="address-new-title" closeTo="/account/address">
      <h2 id="address-new-title">{t("address.addTitle")}</h2>
      <AddressForm lastResult={actionData?.result} submitLabel={t("address.save")} />
    </RouteModal>
  );
}

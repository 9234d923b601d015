import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { AddressForm } from "~/components/account/AddressForm";
import { RouteModal } from "~/components/ui/RouteModal";
import { updateAddress } from "~/domain/customer/address.server";
import { requireOwnAddress } from "~/http/customer/own-address.server";
import { addressSchema } from "~/domain/customer/schema";
import { requireCustomer } from "~/platform/auth.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm, readForm } from "~/platform/form.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  return { address: await requireOwnAddress(context.env.DB, customer.id, params.id) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const address = await requireOwnAddress(context.env.DB, customer.id, params.id);
  const form = await readForm(request, context);
  const submission = parseForm(form, addressSchema);
  if (submission.status !== "success")
    return data({ result: submission.reply({ formErrors: ["account:address.saveFailed"] }) }, { status: 400 });
  const saved = await updateAddress(context.env.DB, customer.id, address.id, submission.value);
  throw await redirectWithNotice(
    context.env,
    "/account/address",
    saved ? { type: "success", key: "account:address.saved" } : { type: "error", key: "account:address.saveFailed" },
  );
}

export default function EditAddress() {
  const { address } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <RouteModal labelledBy="address-edit-title" closeTo="/account/address">
      <h2 id="address-edit-title">{t("address.editTitle")}</h2>
      <AddressForm address={address} lastResult={actionData?.result} submitLabel={t("address.save")} />
    </RouteModal>
  );
}

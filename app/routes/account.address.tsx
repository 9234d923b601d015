import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { addressName } from "~/domain/address/format";
import { AddressLines } from "~/components/ui/AddressLines";
import { listAddresses, setDefaultAddress } from "~/domain/customer/address.server";
import { idParam } from "~/domain/customer/id-param";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { readForm, unknownIntent } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["account"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const [addresses, t] = await Promise.all([listAddresses(context.env.DB, customer.id), translator("account")]);
  return data(
    { addresses, title: pageTitle(t("address.title"), t) },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

/** "Als Lieferadresse festlegen" on the list; adding, editing and deleting are the nested routes. */
export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const form = await readForm(request, context);
  if (form.get("intent") !== "setDefaultShipping") throw unknownIntent();
  const id = idParam(form.get("addressId"));
  const done = id !== null && (await setDefaultAddress(context.env.DB, customer.id, id, "shipping"));
  throw await redirectWithNotice(
    context.env,
    "/account/address",
    done
      ? { type: "success", key: "account:address.defaultSet" }
      : { type: "error", key: "account:address.defaultFailed" },
  );
}

export default function Addresses() {
  const { addresses } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <div className="account-page account-wide">
      <h1>{t("address.title")}</h1>
      {/* A route dialog comes right after the heading: without JavaScript it is part of the page and
          must be where the customer looks when the page loads (docs/decisions/0038). */}
      <Outlet />
      <p>{t("address.intro")}</p>
      <Link to="/account/address/new" className="button button-primary" preventScrollReset>
        {t("address.add")}
      </Link>
      {addresses.length === 0 ? <p className="empty-note">{t("address.empty")}</p> : null}
      <ul className="address-list">
        {addresses.map((address) => {
          const line = addressName(address);
          return (
            <li key={address.id} className="address-card">
              <address>
                <AddressLines address={address} />
                <br />
                {t(`fields.countries.${address.country}`, { defaultValue: address.country })}
              </address>
              <p className="address-marks">
                {address.defaultShipping ? <span className="mark">{t("address.defaultShipping")}</span> : null}
                {address.defaultBilling ? <span className="mark">{t("address.defaultBilling")}</span> : null}
              </p>
              <div className="button-row">
                <Link
                  to={`/account/address/${address.id}/edit`}
                  className="button button-secondary"
                  aria-label={t("address.editNamed", { address: line })}
                  preventScrollReset
                >
                  {t("address.edit")}
                </Link>
                <Link
                  to={`/account/address/${address.id}/delete`}
                  className="button button-secondary"
                  aria-label={t("address.deleteNamed", { address: line })}
                  preventScrollReset
                >
                  {t("address.delete")}
                </Link>
                {address.defaultShipping ? null : (
                  <Form method="post" preventScrollReset>
                    <AuthenticityTokenInput />
                    <input type="hidden" name="addressId" value={address.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="setDefaultShipping"
                      className="button button-link"
                      aria-label={t("address.setDefaultShippingNamed", { address: line })}
                    >
                      {t("address.setDefaultShipping")}
                    </button>
                  </Form>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

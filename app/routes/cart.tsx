import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { CartLines, lineKey } from "~/components/cart/CartLines";
import { useFocusAfterRemoval } from "~/components/cart/useFocusAfterRemoval";
import { CartMessages } from "~/components/cart/CartMessages";
import { CartSummary } from "~/components/cart/CartSummary";
import { CheckoutButton } from "~/components/cart/CheckoutButton";
import { CouponForm } from "~/components/cart/CouponForm";
import { SHARES_LINE_KEY } from "~/components/cart/SharesLine";
import { GiftInterferer } from "~/components/cart/GiftInterferer";
import { QuantityQueueProvider, useQueuedQuantities } from "~/components/cart/QuantityQueue";
import { categoryHref } from "~/domain/catalog/href";
import { cartIsEmpty, cartShips, totalsOf, withQuantities, type Cart } from "~/domain/cart/cart";
import { loadSettledCart } from "~/domain/cart/cart.server";
import { STANDARD_SHIPPING_CENTS } from "~/domain/cart/shipping";
import { checkoutBlocker } from "~/domain/cart/validity";
import { changeCartTracked, readCartForm, refusedNotices } from "~/http/cart/cart-form.server";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { readForm, replyWithNotices, unknownIntent } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["cart", "catalog"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const [cart, t] = await Promise.all([
    loadSettledCart(context.env.DB, customer.id, STANDARD_SHIPPING_CENTS),
    translator("cart"),
  ]);
  return data({ cart, title: pageTitle(t("title"), t) }, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}

/**
 * Every cart change posts here. A plain form post is sent back (to the page it came from, or the
 * cart); a fetcher of the enhanced page stays where it is and gets the notices with the data.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const form = await readForm(request, context);
  const submission = readCartForm(form);
  if (!submission) throw unknownIntent();
  if (submission.status !== "success") return replyWithNotices(context, form, refusedNotices(submission), "/cart");
  const { notices, tracking } = await changeCartTracked(request, context.env, customer.id, submission.value);
  return replyWithNotices(context, form, notices, "/cart", tracking);
}

export default function CartPage() {
  const { cart } = useLoaderData<typeof loader>();
  const { t } = useTranslation("cart");
  useFocusAfterRemoval([...cart.lines.map(lineKey), ...(cart.shares ? [SHARES_LINE_KEY] : [])]);
  return (
    <div className="cart-page">
      <h1>{t("title")}</h1>
      {/* A route dialog comes right after the heading: without JavaScript it is part of the page and
          must be where the customer looks when the page loads (docs/decisions/0038). */}
      <Outlet />
      {cartIsEmpty(cart) ? (
        <>
          {/* what emptied it, e.g. its last product withdrawn from the range */}
          <CartMessages messages={cart.messages} />
          <p className="empty-note">
            {t("empty")} <Link to={categoryHref("startseite")}>{t("toAssortment")}</Link>
          </p>
        </>
      ) : (
        <QuantityQueueProvider skus={cart.lines.map((l) => l.product.sku)}>
          <CartMessages messages={cart.messages} />
          {cartShips(cart) ? <GiftInterferer cart={cart} /> : null}
          <div className="cart-layout">
            <CartLines lines={cart.lines} shares={cart.shares} />
            <CartSide cart={cart} />
          </div>
        </QuantityQueueProvider>
      )}
    </div>
  );
}

/** Summary, "Zur Kasse" and voucher; while quantities are on their way, with the wanted ones. */
function CartSide({ cart }: { cart: Cart }) {
  const wanted = useQueuedQuantities();
  const queued = Object.keys(wanted).length > 0;
  const lines = queued ? withQuantities(cart.lines, wanted) : cart.lines;
  // The same rule as the loader's totals, with the shipping price the loader gave them.
  const totals = queued
    ? totalsOf(lines, cart.coupon?.coupon ?? null, STANDARD_SHIPPING_CENTS, 0, cart.shares)
    : cart.totals;
  return (
    <div className="cart-side">
      <CartSummary cart={cart} totals={totals} />
      <CheckoutButton blocker={checkoutBlocker(lines, totals.minimumReached, cart.shares !== null)} />
      {cartShips(cart) ? (
        <CouponForm coupon={cart.coupon} applied={totals.couponApplied} refused={cart.couponRefused} />
      ) : null}
    </div>
  );
}

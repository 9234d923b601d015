import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { OrderRefunds } from "~/components/order/OrderRefunds";
import { OrderTotals } from "~/components/order/OrderTotals";
import { InvoiceLink } from "~/components/order/InvoiceLink";
import { OrderTimeline } from "~/components/order/OrderTimeline";
import { orderProgress } from "~/domain/fulfilment/order.server";
import { formatGermanDateTime, formatGermanTime } from "~/domain/content/date";
import { addressLine } from "~/domain/address/format";
import { idParam } from "~/domain/customer/id-param";
import { formatEuro } from "~/domain/money/format";
import { findOrder, findOrderPayment } from "~/domain/order/order.server";
import { archivedOrderPage } from "~/domain/order/archive.server";
import {
  canWithdraw,
  cashbackState,
  formatWindow,
  orderPagePath,
  shipsNothing,
  type OrderDetail,
} from "~/domain/order/order";
import { paymentWayForward, type PaymentWayForward } from "~/domain/order/payment-window";
import { openOrderPayment } from "~/http/checkout/order-submit.server";
import type { SignedInCustomer } from "~/platform/session.server";
import { withdrawOrder } from "~/domain/order/withdrawal.server";
import { orderRefunds } from "~/domain/refund/refunds.server";
import { orderShortages } from "~/domain/fulfilment/shortage.server";
import { OrderShortages } from "~/components/order/OrderShortages";
import { creditNoteNumbers } from "~/domain/invoice/credit-note.server";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { readForm, unknownIntent } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["orders"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const number = idParam(params.number);
  if (number === null) throw new Response("Not Found", { status: 404 });
  const t = await translator("orders");
  const page = { title: pageTitle(t("detailTitle", { number }), t) };
  const headers = { "Cache-Control": PRIVATE_CACHE_CONTROL };
  let order: OrderDetail | null;
  let progress: Awaited<ReturnType<typeof orderProgress>> | null = null;
  let shortages: Awaited<ReturnType<typeof orderShortages>> = [];
  try {
    order = await findOrder(context.env.DB, customer.id, number);
    if (order)
      [progress, shortages] = await Promise.all([
        orderProgress(context.env.DB, order.id),
        orderShortages(context.env.DB, order.id),
      ]);
    else {
      // an order past its open period is read from the archive as it was shown (docs/decisions/0052)
      const archived = await archivedOrderPage(context.env.DB, context.env.ARCHIVE, customer.id, number);
      if (archived) {
        const { refunds, creditNotes } = archived;
        ({ order, progress, shortages } = archived);
        return data({ ...page, order, wayForward: null, refunds, creditNotes, progress, shortages }, { headers });
      }
    }
  } catch (error) {
    // The customer gets the message, the failure itself is only logged.
    console.error("order could not be loaded", error);
    return data(
      { ...page, order: null, wayForward: null, refunds: [], creditNotes: [], progress: null, shortages },
      { status: 503, headers },
    );
  }
  // Someone else's order number answers exactly like one that does not exist.
  if (!order) throw new Response("Not Found", { status: 404 });
  const payment =
    order.status === "pending_payment" ? await findOrderPayment(context.env.DB, customer.id, number) : null;
  const wayForward = payment ? paymentWayForward(payment, new Date()) : null;
  const refunds = await orderRefunds(context.env.DB, order.id);
  const creditNotes = refunds.length ? await creditNoteNumbers(context.env.DB, customer.id, number) : [];
  return data({ ...page, order, wayForward, refunds, creditNotes, progress, shortages }, { headers });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const form = await readForm(request, context);
  const number = idParam(params.number);
  if (form.get("intent") === "pay") return payNow(request, context, customer, number);
  if (form.get("intent") !== "withdraw") throw unknownIntent();
  const done = number !== null && (await withdrawOrder(context.env.DB, customer, number));
  throw await redirectWithNotice(
    context.env,
    `/account/order/${params.number}`,
    done ? { type: "success", key: "orders:withdraw.received" } : { type: "error", key: "orders:withdraw.failed" },
  );
}

/**
 * "Jetzt bezahlen" of an order whose payment was never opened (a failure after ordering): opened
 * now, while the payment window allows it; otherwise the page says what happens.
 */
async function payNow(
  request: Request,
  context: ActionFunctionArgs["context"],
  customer: SignedInCustomer,
  number: number | null,
): Promise<never> {
  const payment = number === null ? null : await findOrderPayment(context.env.DB, customer.id, number);
  if (!payment || number === null) throw new Response("Not Found", { status: 404 });
  const started = await openOrderPayment(context.env, request, customer, {
    incrementId: number,
    paymentId: payment.id,
  });
  if (started?.kind === "started") throw redirect(started.pageUrl);
  if (started?.kind === "failed")
    throw await redirectWithNotice(context.env, "/checkout", {
      type: "error",
      key: `pages.checkout.error.payment.${started.method}`,
    });
  throw await redirectWithNotice(context.env, orderPagePath(number), {
    type: "error",
    key: "orders:paymentOpen.failed",
  });
}

/** The cashback the order earned a member: credited, still to come with the payment, or void by the withdrawal. */
function OrderCashback({ order }: { order: OrderDetail }) {
  const { t } = useTranslation("orders");
  const amount = formatEuro(order.cashbackCents);
  const state = cashbackState(order);
  if (state === "credited" && order.cashbackCreditedAt)
    return <>{t("shares.cashbackCredited", { amount, date: formatGermanDateTime(order.cashbackCreditedAt) })}</>;
  if (state === "void") return <>{t("shares.cashbackWithdrawn", { amount })}</>;
  return <>{t("shares.cashbackPending", { amount })}</>;
}

export default function OrderDetailPage() {
  const { order, wayForward, refunds, creditNotes, progress, shortages } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const [search] = useSearchParams();
  if (!order) {
    return (
      <div className="account-page order-detail">
        <p>
          <Link to="/account/order/overview">{t("back")}</Link>
        </p>
        <p className="form-message form-message-error" role="alert">
          {t("orderNotLoadable")}
        </p>
      </div>
    );
  }
  const address = order.shippingAddress;
  return (
    <div className="account-page order-detail">
      <p>
        <Link to="/account/order/overview">{t("back")}</Link>
      </p>
      <h1>{t("detailTitle", { number: order.incrementId })}</h1>
      <p>
        {t("orderedAt", { date: formatGermanDateTime(order.createdAt) })} ·{" "}
        <span className="mark">{t(`status.${order.status}`)}</span>
      </p>
      {progress ? <OrderTimeline order={order} progress={progress} /> : null}
      <ul className="review-lines">
        {order.lines.map((l) => (
          <li key={`${l.sku}-${l.isGift}`}>
            <span>
              {l.qty} × {l.name}
              {l.isGift ? ` (${t("gift")})` : ""}
            </span>
            <span>{l.isGift ? t("free") : formatEuro(l.rowTotalCents)}</span>
          </li>
        ))}
      </ul>
      <OrderTotals
        amounts={order}
        shippingLabel={order.carrierCode ? t(`carrier.${order.carrierCode}`) : undefined}
        ships={!shipsNothing(order)}
      />
      <dl className="order-facts">
        <dt>{t("paymentMethod")}</dt>
        <dd>{t(`payment.${order.paymentMethod}`)}</dd>
        {order.cashbackCents ? (
          <>
            <dt>{t("shares.cashback")}</dt>
            <dd>
              <OrderCashback order={order} />
            </dd>
          </>
        ) : null}
        {order.pickupSlotStart ? (
          <>
            <dt>{t("delivery")}</dt>
            <dd>
              {t("pickupAt", {
                store: order.storeName,
                address: order.storeAddress,
                time: formatWindow(order.pickupSlotStart, order.pickupSlotEnd, { weekday: false }),
              })}
            </dd>
          </>
        ) : null}
        {address ? (
          <>
            <dt>{t("delivery")}</dt>
            <dd>
              {t(`carrier.${order.carrierCode}`)}: {address.name}, {addressLine(address)}
              {order.deliveryStart && order.deliveryEnd ? (
                <>
                  <br />
                  {t("deliveryWindow", {
                    from: formatGermanDateTime(order.deliveryStart),
                    to: formatGermanTime(order.deliveryEnd),
                  })}
                </>
              ) : null}
            </dd>
          </>
        ) : null}
        {order.channel === "store" && order.storeName ? (
          <>
            <dt>{t("column.store")}</dt>
            <dd>{order.storeName}</dd>
          </>
        ) : null}
        {order.comment ? (
          <>
            <dt>{t("commentLabel")}</dt>
            <dd>{order.comment}</dd>
          </>
        ) : null}
      </dl>
      <InvoiceLink order={order} creditNotes={creditNotes} />
      {order.withdrawnAt ? (
        <p className="form-message form-message-info">
          {t("withdraw.done", { date: formatGermanDateTime(order.withdrawnAt) })}
        </p>
      ) : null}
      {wayForward ? <PaymentWayForwardSection way={wayForward} /> : null}
      <OrderShortages shortages={shortages} />
      <OrderRefunds refunds={refunds} />
      {canWithdraw(order) ? (
        <section className="withdraw" aria-labelledby="withdraw-title">
          <h2 id="withdraw-title">{t("withdraw.title")}</h2>
          <p>
            {t("withdraw.text")} <Link to="/pages/legal/widerrufsbelehrung">{t("withdraw.policy")}</Link>
          </p>
          {search.get("widerruf") === "1" ? (
            <Form method="post">
              <AuthenticityTokenInput />
              <button type="submit" name="intent" value="withdraw" className="button button-primary">
                {t("withdraw.confirm")}
              </button>
            </Form>
          ) : (
            <Link to="?widerruf=1" className="button button-secondary" preventScrollReset>
              {t("withdraw.button")}
            </Link>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** What an unpaid order offers: its payment page, opening the payment, or what the shop will do. */
function PaymentWayForwardSection({ way }: { way: PaymentWayForward }) {
  const { t } = useTranslation("orders");
  return (
    <section className="payment-open" aria-labelledby="payment-open-title">
      <h2 id="payment-open-title">{t("paymentOpen.title")}</h2>
      {way.kind === "wait" ? (
        <p>{t("paymentOpen.wait")}</p>
      ) : (
        <>
          <p>{t("paymentOpen.pay")}</p>
          {way.kind === "pay" ? (
            <a href={way.pageUrl} className="button button-primary">
              {t("paymentOpen.payButton")}
            </a>
          ) : (
            <Form method="post">
              <AuthenticityTokenInput />
              <button type="submit" name="intent" value="pay" className="button button-primary">
                {t("paymentOpen.payButton")}
              </button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}

import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { orderAnswer } from "~/http/checkout/order-answers.server";
import { checkoutRules, submitOrder } from "~/http/checkout/order-submit.server";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { DeliveryChoice } from "~/components/checkout/DeliveryChoice";
import { OrderReview } from "~/components/checkout/OrderReview";
import { PaymentChoice } from "~/components/checkout/PaymentChoice";
import { STORE_SEARCH_PARAM, ShippingChoice } from "~/components/checkout/ShippingChoice";
import { CouponForm } from "~/components/cart/CouponForm";
import { FormMessage } from "~/components/form/Field";
import { cartIsEmpty, cartShips } from "~/domain/cart/cart";
import { checkoutBlocker } from "~/domain/cart/validity";
import { surplusGifts } from "~/domain/cart/gifts";
import { CARRIERS, STANDARD_CARRIER, isCarrierCode } from "~/domain/checkout/carriers";
import { loadCheckout } from "~/domain/checkout/checkout.server";
import { choosableStores, locationsSource } from "~/domain/store/locations.server";
import { COMMENT_MAX_LENGTH } from "~/domain/checkout/payment-methods";
import { checkoutSchemaFor, formFieldErrors } from "~/domain/checkout/schema";
import { idempotencyKeySchema } from "~/domain/checkout/checkout-input";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { parseForm, readForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { randomToken } from "~/platform/tokens.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["checkout", "cart", "orders"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

function choiceOf(url: URL) {
  const carrier = url.searchParams.get("carrier");
  return {
    carrier: isCarrierCode(carrier) ? carrier : STANDARD_CARRIER,
    storeId: url.searchParams.get("store"),
    moreDays: url.searchParams.get("more") === "1",
  };
}

/** The store search of the shipping form (a GET form, so the page shows it without JavaScript). */
function storeSearchOf(url: URL) {
  return {
    storeSearch: url.searchParams.get(STORE_SEARCH_PARAM) ?? "",
    allStores: url.searchParams.get("allStores") === "1",
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const url = new URL(request.url);
  const [checkout, t] = await Promise.all([
    loadCheckout(context.env.DB, customer.id, choiceOf(url), new Date()),
    translator("checkout"),
  ]);
  const { cart } = checkout;
  // the click & collect stores as the locations source describes them (docs/decisions/0050)
  if (CARRIERS[checkout.carrier].isPickup)
    checkout.pickupStores = await choosableStores(locationsSource(context.env), checkout.pickupStores, {
      clickAndCollect: true,
    });
  // gifts the subtotal no longer earns (a gift rule changed meanwhile): the cart takes them out and says so
  if (surplusGifts(cart.giftSteps, cart.totals.subtotalCents, cart.giftsChosen) > 0) throw redirect("/cart");
  const valid = checkoutBlocker(cart.lines, cart.totals.minimumReached, cart.shares !== null) === null;
  return data(
    {
      checkout,
      valid,
      ...storeSearchOf(url),
      idempotencyKey: randomToken(18),
      title: pageTitle(t("title"), t),
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const form = await readForm(request, context);
  const { ships, refusal } = await checkoutRules(context.env.DB, customer.id, form.get("paymentMethod"));
  const submission = parseForm(form, checkoutSchemaFor({ ships }));
  // A method the customer is not offered is refused before its fields are looked at.
  // The form keeps its key after every answer but an order: a retry after a failure reaches the
  // order that may have been placed meanwhile (domain/order/payment-window.ts), never a second one.
  const key = String(form.get("idempotencyKey") ?? "");
  const idempotencyKey = idempotencyKeySchema.safeParse(key).success ? key : undefined;
  if (refusal)
    return data(
      { result: submission.reply({ fieldErrors: { paymentMethod: [refusal] } }), idempotencyKey },
      { status: 400 },
    );
  if (submission.status !== "success") return data({ result: submission.reply(), idempotencyKey }, { status: 400 });
  const answer = orderAnswer(await submitOrder(context.env, request, customer, submission.value));
  if (answer.kind === "placed") throw redirect(answer.next);
  if (answer.notice) {
    throw await redirectWithNotice(context.env, "/checkout", { type: "error", key: answer.formErrors[0] });
  }
  const { formErrors, fieldErrors } = answer;
  return data(
    { result: submission.reply({ formErrors, fieldErrors: formFieldErrors(fieldErrors) }), idempotencyKey },
    { status: answer.status },
  );
}

export default function CheckoutPage() {
  const { checkout, valid, storeSearch, allStores, ...fresh } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const idempotencyKey = actionData?.idempotencyKey ?? fresh.idempotencyKey;
  const { t } = useTranslation("checkout");
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const { cart } = checkout;
  const ships = cartShips(cart);
  const [form, fields] = useForm({
    id: "checkout",
    lastResult: actionData?.result,
    defaultValue: { telephone: checkout.telephone },
    // Instant German feedback for what the form alone can tell; the server stays the authority.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutSchemaFor({ ships }) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  // Errors of the hidden fields (tampered or stale) concern the whole order.
  const formErrors = [
    form.errors,
    fields.carrier.errors,
    fields.expectedTotal.errors,
    fields.idempotencyKey.errors,
  ].flatMap((e) => e ?? []);
  if (cartIsEmpty(cart)) {
    // An order from another tab may have emptied the cart while this one was refused: say why.
    return (
      <div className="checkout-page">
        <h1>{t("title")}</h1>
        <FormMessage errors={formErrors} />
        <p className="empty-note">
          {t("emptyCart")} <Link to="/cart">{t("backToCart")}</Link>
        </p>
        {actionData?.idempotencyKey ? (
          <p>
            {t("maybePlaced")} <Link to="/account/order/overview">{t("toOrders")}</Link>
          </p>
        ) : null}
      </div>
    );
  }
  const carrier = CARRIERS[checkout.carrier];
  return (
    <div className="checkout-page">
      <h1>{t("title")}</h1>
      {/* A route dialog comes right after the heading: without JavaScript it is part of the page and
          must be where the customer looks when the page loads (docs/decisions/0038). */}
      <Outlet />
      <p>
        {t("intro")} <Link to="/cart">{t("backToCart")}</Link>
      </p>
      {valid ? null : (
        <p className="form-message form-message-error" role="alert">
          {t("cartInvalid")}
        </p>
      )}
      <div className="checkout-layout">
        <div className="checkout-steps">
          {ships ? (
            <ShippingChoice
              carrier={checkout.carrier}
              stores={checkout.pickupStores}
              storeId={checkout.store?.id ?? null}
              postcode={checkout.postcode}
              storeSearch={storeSearch}
              allStores={allStores}
              freeShipping={cart.totals.freeShipping}
            />
          ) : (
            <p className="form-message form-message-info">{t("sharesOnly.notShipped")}</p>
          )}
          <Form
            method="post"
            action={`/checkout${location.search}`}
            {...getFormProps(form)}
            noValidate
            preventScrollReset
            className="checkout-form"
          >
            <AuthenticityTokenInput />
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            {ships ? <input type="hidden" name="carrier" value={checkout.carrier} /> : null}
            {ships && carrier.isPickup && checkout.store ? (
              <input type="hidden" name="storeId" value={checkout.store.id} />
            ) : null}
            <input type="hidden" name="expectedTotal" value={cart.totals.grandTotalCents} />
            <FormMessage errors={formErrors} id={form.errorId} />
            {ships ? (
              <DeliveryChoice
                checkout={checkout}
                fields={fields}
                search={location.search}
                storeMissing={Boolean(fields.storeId.errors?.length || fields.pickupSlot.errors?.length)}
              />
            ) : null}
            <PaymentChoice
              fields={fields}
              balanceCents={checkout.balanceCents}
              sepaAllowed={checkout.sepaAllowed}
              title={ships ? t("payment.title") : t("sharesOnly.paymentTitle")}
            />
            <div className="field">
              <label htmlFor="order-comment">{t("comment.label")}</label>
              <textarea
                id="order-comment"
                name={fields.comment.name}
                maxLength={COMMENT_MAX_LENGTH}
                rows={3}
                defaultValue={fields.comment.initialValue ?? ""}
                aria-describedby="order-comment-hint"
              />
              <p className="field-hint" id="order-comment-hint">
                {t("comment.hint", { count: COMMENT_MAX_LENGTH })}
              </p>
            </div>
          </Form>
          {/* The voucher changes the total, so it comes before the totals and the order button; it is
          a form of its own, and the order button belongs to the checkout form by its id. */}
          {ships ? (
            <CouponForm
              coupon={cart.coupon}
              applied={cart.totals.couponApplied}
              refused={cart.couponRefused}
              redirectTo={`/checkout${location.search}`}
            />
          ) : null}
        </div>
        {/* Beside the steps on a wide screen, in one piece: the items, the totals and the order
            button directly below them (§ 312j BGB), so the totals are never far from the button. */}
        <div className="checkout-aside">
          <OrderReview
            cart={cart}
            carrier={ships ? checkout.carrier : null}
            busy={busy || !valid}
            hasCredit={checkout.balanceCents > 0}
            formId={form.id}
          />
          <FormMessage errors={formErrors} />
        </div>
      </div>
    </div>
  );
}

import { Form } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { CartIntent } from "~/domain/cart/schema";

/**
 * A post to the cart action that comes back to the cart (post/redirect/get, with or without
 * JavaScript). An `onSubmit` that prevents the default takes over with JavaScript (the steppers);
 * `id` and `noValidate` are conform's, where the browser checks the form with its schema.
 */
export function CartForm({
  intent,
  fields,
  children,
  className,
  onSubmit,
  redirectTo = "/cart",
  id,
  noValidate,
}: {
  intent: CartIntent;
  id?: string;
  noValidate?: boolean;
  redirectTo?: string;
  fields?: Record<string, string | number>;
  children: ReactNode;
  className?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Form
      method="post"
      action="/cart"
      id={id}
      noValidate={noValidate}
      className={className}
      preventScrollReset
      onSubmit={onSubmit}
    >
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

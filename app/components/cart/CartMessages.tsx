import { useTranslation } from "~/i18n/texts";
import type { ValidationMessage } from "~/domain/cart/validity";

/** The server's cart validation messages, each shown with its own type. */
export function CartMessages({ messages }: { messages: ValidationMessage[] }) {
  const { t } = useTranslation("cart");
  if (messages.length === 0) return null;
  return (
    <ul className="cart-messages" aria-label={t("messagesTitle")}>
      {messages.map((m) => (
        <li key={m.key} className={`form-message form-message-${m.type}`} data-type={m.type}>
          {t(m.key, m.values)}
        </li>
      ))}
    </ul>
  );
}

import { Icon, type IconProps } from "./Icon.tsx";

/** Payment methods the shop shows (specification section 2: icons). */
export const PAYMENT_METHODS = [
  "invoice",
  "cash_on_delivery",
  "credit_card",
  "visa",
  "mastercard",
  "amex",
  "paypal",
  "instalment",
  "pay_later",
  "direct_debit",
  "gift_card",
  "bank_transfer",
] as const;

export type PaymentMethodIcon = (typeof PAYMENT_METHODS)[number];

/**
 * A payment method as a small card (38×24) with its mark (drawings/payment.tsx). Pass `title` (from the message
 * files) so the card has an accessible name. `size` sets the height.
 */
export function PaymentIcon({ method, size = 24, ...props }: IconProps & { method: PaymentMethodIcon }) {
  return <Icon set="payment" symbol={method} viewBox="0 0 38 24" size={size} {...props} className="icon--payment" />;
}

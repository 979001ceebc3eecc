import type { ReactNode } from "react";
import type { PaymentMethodIcon } from "../PaymentIcon.tsx";
import type { IconDrawings } from "./drawing.ts";

const INK = "#1b1b1b";
const LINE = { fill: "none", stroke: INK, strokeWidth: 1.4, strokeLinecap: "round", strokeLinejoin: "round" } as const;
const WORDMARK = { fontFamily: "Arial, Helvetica, sans-serif", fontWeight: 700, textAnchor: "middle" } as const;

/** The card every payment mark sits on. */
const CARD = <rect x=".5" y=".5" width="37" height="23" rx="3" fill="#fff" stroke="#d6d1ca" />;

const MARKS: Record<PaymentMethodIcon, ReactNode> = {
  invoice: (
    <g {...LINE}>
      <path d="M14 4.5h7l3.5 3.5v11.5H14z" />
      <path d="M21 4.5V8h3.5M16.5 11h5.5M16.5 13.5h5.5M16.5 16h3.5" />
    </g>
  ),
  cash_on_delivery: (
    <g {...LINE}>
      <path d="M8.5 9.5 14 7l5.5 2.5v6L14 18l-5.5-2.5z" />
      <path d="m8.5 9.5 5.5 2.5 5.5-2.5M14 12v6" />
      <circle cx="25" cy="13.5" r="4" />
      <path d="M25 11.5v4M23.8 12.5h2" />
    </g>
  ),
  credit_card: (
    <g>
      <rect x="8" y="5.5" width="22" height="13" rx="2" {...LINE} />
      <path fill={INK} d="M8 8.5h22v2.5H8z" />
      <path {...LINE} d="M11 15h6" />
    </g>
  ),
  visa: (
    <text x="19" y="16" fontSize="10" fontStyle="italic" fill="#1a1f71" {...WORDMARK}>
      VISA
    </text>
  ),
  mastercard: (
    <g>
      <circle cx="15.5" cy="12" r="6" fill="#eb001b" />
      <circle cx="22.5" cy="12" r="6" fill="#f79e1b" />
      <path fill="#ff5f00" d="M19 7.1a6 6 0 0 1 0 9.8 6 6 0 0 1 0-9.8z" />
    </g>
  ),
  amex: (
    <g>
      <rect x="6" y="5" width="26" height="14" rx="1.5" fill="#2e77bc" />
      <text x="19" y="15.3" fontSize="7.5" fill="#fff" {...WORDMARK}>
        AMEX
      </text>
    </g>
  ),
  paypal: (
    <text x="19" y="15.5" fontSize="8.5" fontStyle="italic" {...WORDMARK}>
      <tspan fill="#003087">Pay</tspan>
      <tspan fill="#009cde">Pal</tspan>
    </text>
  ),
  instalment: (
    <g>
      <circle cx="13" cy="12" r="5.5" {...LINE} />
      <path fill={INK} d="M13 12V6.5a5.5 5.5 0 0 1 4.76 8.25z" />
      <text x="25.5" y="15" fontSize="8" fill={INK} {...WORDMARK}>
        3×
      </text>
    </g>
  ),
  pay_later: (
    <g {...LINE}>
      <path d="M9 5.5h11v13H9z" />
      <path d="M11.5 9h6M11.5 11.5h6M11.5 14h3.5" />
      <circle cx="26" cy="13.5" r="4.5" fill="#fff" />
      <path d="M26 11v2.5l1.7 1" />
    </g>
  ),
  direct_debit: (
    <g>
      <text x="19" y="14" fontSize="7.5" fill="#10298e" {...WORDMARK}>
        SEPA
      </text>
      <path stroke="#ffbe00" strokeWidth="1.4" strokeLinecap="round" d="M11 17h16" />
    </g>
  ),
  gift_card: (
    <g {...LINE}>
      <rect x="8" y="6" width="22" height="12.5" rx="2" />
      <path d="M8 11h22M15 6v12.5" />
      <path d="M15 11c-2.5-3.5-5-2.5-4-1s4 1 4 1 3-.5 4-1-1.5-2.5-4 1z" />
    </g>
  ),
  bank_transfer: (
    <g {...LINE}>
      <path d="M11 9.5 19 5l8 4.5z" />
      <path d="M12.5 10.5v6M17 10.5v6M21 10.5v6M25.5 10.5v6M10.5 18.5h17" />
    </g>
  ),
};

/**
 * Payment methods as small cards (38×24) with their marks: invoice, cash on delivery, credit cards (generic,
 * Visa, Mastercard, American Express), PayPal, instalments, pay later, direct debit, gift card, bank transfer.
 */
export const PAYMENT_ICONS: IconDrawings = {
  viewBox: "0 0 38 24",
  symbols: Object.fromEntries(
    Object.entries(MARKS).map(([method, mark]) => [
      method,
      <>
        {CARD}
        {mark}
      </>,
    ]),
  ),
};

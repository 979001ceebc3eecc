import type { CheckoutAddress, CheckoutStep, PaymentMethodId } from "@vitrine/commerce";
import { formatMoney } from "@vitrine/commerce/money";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/i18n.tsx";
import { useStoreData } from "../../lib/use-store.ts";
import { Button } from "../Button.tsx";
import { useHydrated } from "../basket/use-hydrated.ts";
import { PaymentIcon, type PaymentMethodIcon } from "../icons/PaymentIcon.tsx";
import { LockIcon } from "../icons/ui.tsx";
import { Link } from "../Link.tsx";
import { AddressFields, AddressText } from "./AddressFields.tsx";
import { Field, Notice } from "./Field.tsx";
import { formatDayRange } from "./format.ts";
import { type SummaryLine, SummaryLines, type SummaryTotals, SummaryTotalsList } from "./OrderSummary.tsx";
import type { CheckoutActionData, CheckoutPageData, FieldIssue } from "./types.ts";

/**
 * The checkout of both layouts: the steps (contact, addresses, delivery, payment, review) on one page, one open at
 * a time, each a form posted to the route's action; the order summary next to them. Without JavaScript every
 * step is a page load; with it, React Router submits the same forms without one.
 */

const STEPS: (CheckoutStep | "review")[] = ["contact", "address", "delivery", "payment", "review"];

const PAYMENT_ICONS: Record<PaymentMethodId, PaymentMethodIcon[]> = {
  credit_card: ["visa", "mastercard", "amex"],
  paypal: ["paypal"],
  invoice: ["invoice"],
  prepayment: ["bank_transfer"],
  cash_on_delivery: ["cash_on_delivery"],
};

function useBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export function CheckoutPage({
  data,
  actionData,
}: {
  data: CheckoutPageData;
  actionData: CheckoutActionData | undefined;
}) {
  const t = useT();
  const ready = useHydrated();
  const failure = actionData;
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // A step whose form was refused stays open with its problems, even when it had been completed before.
  const refused = STEPS.find((step) => step === failure?.intent);
  const active = refused ?? data.active;
  // After a step is saved (without a page load), move focus to the step that opened.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (active) stepHeading.current?.focus();
  }, [active]);

  const stateOf = (step: CheckoutStep | "review") =>
    step === active ? "active" : step !== "review" && data.complete[step] ? "done" : "todo";
  const common = { data, failure, headingRef: stepHeading };
  return (
    <main id="main" className="page checkout" data-ready={ready || undefined}>
      <div className="checkout__head">
        <h1 className="checkout__title">{t("checkout.title")}</h1>
        {/* In the shop's layout the checkout header says it; the app checkout has no header. */}
        {data.path === "/app-checkout/" ? (
          <p className="checkout__secure">
            <LockIcon />
            {t("checkout.secure")}
          </p>
        ) : null}
      </div>
      <ol className="checkout-progress" aria-label={t("checkout.progress")}>
        {STEPS.map((step, i) => (
          <li
            key={step}
            className={`checkout-progress__step checkout-progress__step--${stateOf(step)}`}
            aria-current={step === active ? "step" : undefined}
          >
            <span className="checkout-progress__number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="checkout-progress__label">{t(`checkout.step.${step}`)}</span>
          </li>
        ))}
      </ol>
      {data.paymentError ? <Notice kind="error">{t(`checkout.error.${data.paymentError}`)}</Notice> : null}
      <div className="checkout__grid">
        <div className="checkout__steps">
          <ContactStep {...common} state={stateOf("contact")} />
          <AddressStep {...common} state={stateOf("address")} />
          <DeliveryStep {...common} state={stateOf("delivery")} />
          <PaymentStep {...common} state={stateOf("payment")} />
          <ReviewStep {...common} state={stateOf("review")} />
        </div>
        <CheckoutSummary data={data} />
      </div>
    </main>
  );
}

interface StepProps {
  data: CheckoutPageData;
  failure: CheckoutActionData | undefined;
  state: "active" | "done" | "todo";
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}

function StepSection({
  step,
  number,
  state,
  summary,
  path,
  headingRef,
  children,
}: {
  step: CheckoutStep | "review";
  number: number;
  state: StepProps["state"];
  summary?: ReactNode;
  path: string;
  headingRef: StepProps["headingRef"];
  children?: ReactNode;
}) {
  const t = useT();
  const id = `checkout-step-${step}`;
  return (
    <section className={`checkout-step checkout-step--${state}`} aria-labelledby={id} data-step={step}>
      <div className="checkout-step__head">
        <h2 id={id} className="checkout-step__title" ref={state === "active" ? headingRef : undefined} tabIndex={-1}>
          <span className="checkout-step__number" aria-hidden="true">
            {state === "done" ? "✓" : number}
          </span>
          {t(`checkout.step.${step}`)}
        </h2>
        {state === "done" && step !== "review" ? (
          <Link to={`${path}?step=${step}`} className="checkout-step__change" preventScrollReset>
            {t("checkout.change")}
            <span className="visually-hidden"> {t(`checkout.step.${step}`)}</span>
          </Link>
        ) : null}
      </div>
      {state === "done" && summary ? <div className="checkout-step__summary">{summary}</div> : null}
      {state === "active" ? <div className="checkout-step__body">{children}</div> : null}
    </section>
  );
}

function issuesOf(failure: CheckoutActionData | undefined, intent: string) {
  return (field: string): FieldIssue | undefined =>
    failure?.intent === intent ? failure.issues?.find((i) => i.field === field) : undefined;
}

function StepForm({ data, intent, children }: { data: CheckoutPageData; intent: string; children: ReactNode }) {
  return (
    <Form method="post" action={data.base} className="checkout-form" noValidate preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

function ContinueButton({ intent }: { intent: string }) {
  const t = useT();
  const busy = useBusy(intent);
  return (
    <Button type="submit" size="lg" loading={busy} className="checkout-form__submit">
      {t("checkout.continue")}
    </Button>
  );
}

function ContactStep({ data, failure, state, headingRef }: StepProps) {
  const t = useT();
  const issue = issuesOf(failure, "contact");
  const values = failure?.intent === "contact" ? failure.values : undefined;
  const summary = (
    <p>
      {data.signedIn ? t("checkout.contact.signed_in", { email: data.signedIn.email }) : data.contact.email}
      {data.contact.phone && !data.signedIn ? ` · ${data.contact.phone}` : null}
    </p>
  );
  return (
    <StepSection step="contact" number={1} state={state} summary={summary} path={data.path} headingRef={headingRef}>
      <div className="checkout-contact">
        <div className="checkout-contact__guest">
          <h3 className="checkout-subtitle">{t("checkout.contact.guest_title")}</h3>
          <p className="checkout-muted">{t("checkout.contact.guest_text")}</p>
          <StepForm data={data} intent="contact">
            <Field
              name="email"
              type="email"
              label={t("checkout.field.email")}
              autoComplete="email"
              required
              defaultValue={values?.email ?? data.contact.email ?? ""}
              issue={issue("email")}
              hint={t("checkout.contact.email_hint")}
            />
            <Field
              name="phone"
              type="tel"
              label={t("checkout.field.phone")}
              autoComplete="tel"
              defaultValue={values?.phone ?? data.contact.phone ?? ""}
              issue={issue("phone")}
              hint={t("checkout.contact.phone_hint")}
            />
            <ContinueButton intent="contact" />
          </StepForm>
        </div>
        <div className="checkout-contact__account">
          <h3 className="checkout-subtitle">{t("checkout.contact.account_title")}</h3>
          <p className="checkout-muted">{t("checkout.contact.account_text")}</p>
          <Button to={data.loginPath} variant="secondary" fullWidth reloadDocument>
            {t("checkout.contact.sign_in")}
          </Button>
        </div>
      </div>
    </StepSection>
  );
}

function AddressStep({ data, failure, state, headingRef }: StepProps) {
  const t = useT();
  const issue = issuesOf(failure, "address");
  const values = failure?.intent === "address" ? failure.values : undefined;
  const value = (prefix: "shipping" | "billing", address: CheckoutAddress | null) => (field: keyof CheckoutAddress) =>
    values?.[`${prefix}.${field}`] ?? address?.[field] ?? "";
  const saved = data.savedAddresses;
  const current = saved.find((s) => sameAddress(s.address, data.shippingAddress));
  const chosen = values?.shippingAddressId ?? (current ? String(current.id) : saved.length > 0 ? "new" : "");
  const billingSame = values ? values.billingSame === "on" : data.billingSameAsShipping;
  // Ticked unless the customer unticked it for the new address they typed in.
  const typedNew = data.shippingAddress !== null && current === undefined;
  const saveAddress = values ? values.saveAddress === "on" : !typedNew || data.saveShippingAddress;
  const saveOffer = data.canSaveAddress ? (
    <label className="checkout-checkbox checkout-save-address">
      <input type="checkbox" name="saveAddress" defaultChecked={saveAddress} />
      {t("checkout.address.save")}
    </label>
  ) : null;
  const summary = data.shippingAddress ? (
    <div className="checkout-addresses">
      <div>
        <h3 className="checkout-label">{t("checkout.address.shipping")}</h3>
        <AddressText address={data.shippingAddress} />
        {data.saveShippingAddress ? <p className="checkout-muted">{t("checkout.address.will_save")}</p> : null}
      </div>
      <div>
        <h3 className="checkout-label">{t("checkout.address.billing")}</h3>
        {data.billingAddress ? <AddressText address={data.billingAddress} /> : <p>{t("checkout.address.same")}</p>}
      </div>
    </div>
  ) : null;
  return (
    <StepSection step="address" number={2} state={state} summary={summary} path={data.path} headingRef={headingRef}>
      <StepForm data={data} intent="address">
        <fieldset className="checkout-fieldset">
          <legend className="checkout-subtitle">{t("checkout.address.shipping")}</legend>
          {saved.length > 0 ? (
            <div className="checkout-choices checkout-saved-addresses">
              {saved.map((s) => (
                <label key={s.id} className="checkout-choice">
                  <input
                    type="radio"
                    name="shippingAddressId"
                    value={String(s.id)}
                    defaultChecked={chosen === String(s.id)}
                  />
                  <span className="checkout-choice__body">
                    <AddressText address={s.address} inline />
                  </span>
                </label>
              ))}
              <label className="checkout-choice">
                <input type="radio" name="shippingAddressId" value="new" defaultChecked={chosen === "new"} />
                <span className="checkout-choice__body">{t("checkout.address.new")}</span>
              </label>
              <div className="checkout-new-address">
                <AddressFields
                  prefix="shipping"
                  value={value("shipping", current ? null : data.shippingAddress)}
                  issue={issue}
                  countries={data.shippingCountries}
                  required={false}
                />
                {saveOffer}
              </div>
            </div>
          ) : (
            <>
              <AddressFields
                prefix="shipping"
                value={value("shipping", data.shippingAddress)}
                issue={issue}
                countries={data.shippingCountries}
                required
              />
              {saveOffer}
            </>
          )}
          {issue("shipping.addressId") ? (
            <p className="checkout-field__error">{t("checkout.error.not_found")}</p>
          ) : null}
        </fieldset>
        <div className="checkout-billing">
          <label className="checkout-checkbox">
            <input type="checkbox" id="co-billing-same" name="billingSame" defaultChecked={billingSame} />
            {t("checkout.address.billing_same")}
          </label>
          <fieldset className="checkout-fieldset checkout-billing__fields">
            <legend className="checkout-subtitle">{t("checkout.address.billing")}</legend>
            <AddressFields
              prefix="billing"
              value={value("billing", data.billingAddress)}
              issue={issue}
              countries={data.billingCountries}
              required={false}
            />
          </fieldset>
        </div>
        <ContinueButton intent="address" />
      </StepForm>
    </StepSection>
  );
}

function sameAddress(a: CheckoutAddress, b: CheckoutAddress | null): boolean {
  if (!b) return false;
  return (["firstName", "lastName", "street", "addressLine2", "zipCode", "city", "countryCode"] as const).every(
    (k) => (a[k] ?? "") === (b[k] ?? ""),
  );
}

function DeliveryStep({ data, failure, state, headingRef }: StepProps) {
  const t = useT();
  const { shop } = useStoreData();
  const money = (cents: number) => formatMoney(cents, shop);
  const selected = data.quote.delivery;
  const summary = (
    <p>
      {t(`checkout.delivery.${selected.id}`)} ·{" "}
      {selected.price === 0 ? t("checkout.summary.free") : money(selected.price)} ·{" "}
      {formatDayRange(data.quote.deliveryDateRange, shop.locale)}
    </p>
  );
  const issue = issuesOf(failure, "delivery")("deliveryMethod");
  return (
    <StepSection step="delivery" number={3} state={state} summary={summary} path={data.path} headingRef={headingRef}>
      <StepForm data={data} intent="delivery">
        <fieldset className="checkout-fieldset" aria-describedby={issue ? "co-delivery-error" : undefined}>
          <legend className="visually-hidden">{t("checkout.step.delivery")}</legend>
          <div className="checkout-choices">
            {data.quote.deliveryOptions.map((option) => (
              <label key={option.id} className="checkout-choice">
                <input
                  type="radio"
                  name="deliveryMethod"
                  value={option.id}
                  defaultChecked={option.id === data.deliveryMethod}
                />
                <span className="checkout-choice__body">
                  <span className="checkout-choice__title">{t(`checkout.delivery.${option.id}`)}</span>
                  <span
                    className="checkout-choice__text"
                    data-delivery-min={option.dateRange.min}
                    data-delivery-max={option.dateRange.max}
                  >
                    {t("checkout.delivery.dates", { dates: formatDayRange(option.dateRange, shop.locale) })}
                  </span>
                  {option.missingForFree !== null ? (
                    <span className="checkout-choice__text checkout-choice__hint">
                      {t("checkout.delivery.missing_for_free", { amount: money(option.missingForFree) })}
                    </span>
                  ) : null}
                </span>
                <span className="checkout-choice__price">
                  {option.price === 0 ? (
                    <>
                      {option.regularPrice > 0 ? (
                        <>
                          <span className="visually-hidden">{t("checkout.summary.regular_price")} </span>
                          <s>{money(option.regularPrice)}</s>
                        </>
                      ) : null}{" "}
                      {t("checkout.summary.free")}
                    </>
                  ) : (
                    money(option.price)
                  )}
                </span>
              </label>
            ))}
          </div>
          {issue ? (
            <p id="co-delivery-error" className="checkout-field__error">
              {t(`checkout.error.${issue.code}`)}
            </p>
          ) : null}
        </fieldset>
        <ContinueButton intent="delivery" />
      </StepForm>
    </StepSection>
  );
}

function PaymentStep({ data, failure, state, headingRef }: StepProps) {
  const t = useT();
  const { shop } = useStoreData();
  const money = (cents: number) => formatMoney(cents, shop);
  const covered = data.quote.amountDue === 0 && data.giftCard !== null;
  const methods = [
    ...(data.giftCard ? [t("checkout.payment.gift_card_summary", { code: data.giftCard.maskedCode })] : []),
    ...(data.paymentMethod && !covered ? [t(`checkout.payment.${data.paymentMethod}`)] : []),
  ];
  const summary = <p>{methods.join(" + ")}</p>;
  const issue = issuesOf(failure, "payment")("paymentMethod");
  return (
    <StepSection step="payment" number={4} state={state} summary={summary} path={data.path} headingRef={headingRef}>
      {covered ? (
        <Notice kind="info">{t("checkout.payment.covered_by_gift_card")}</Notice>
      ) : (
        <StepForm data={data} intent="payment">
          <fieldset className="checkout-fieldset" aria-describedby={issue ? "co-payment-error" : undefined}>
            <legend className="visually-hidden">{t("checkout.step.payment")}</legend>
            <div className="checkout-choices">
              {data.paymentOptions.map((option) => (
                <label key={option.id} className="checkout-choice checkout-choice--payment">
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={option.id}
                    defaultChecked={option.id === data.paymentMethod}
                  />
                  <span className="checkout-choice__body">
                    <span className="checkout-choice__title">{t(`checkout.payment.${option.id}`)}</span>
                    <span className="checkout-choice__text">
                      {t(`checkout.payment.${option.id}_text`, { fee: money(option.fee) })}
                    </span>
                  </span>
                  <span className="checkout-choice__icons">
                    {PAYMENT_ICONS[option.id].map((icon) => (
                      <PaymentIcon key={icon} method={icon} size={24} />
                    ))}
                  </span>
                </label>
              ))}
            </div>
            {issue ? (
              <p id="co-payment-error" className="checkout-field__error">
                {t(`checkout.error.${issue.code}`)}
              </p>
            ) : null}
          </fieldset>
          <ContinueButton intent="payment" />
        </StepForm>
      )}
      <GiftCardForm data={data} failure={failure} />
    </StepSection>
  );
}

function GiftCardForm({ data, failure }: { data: CheckoutPageData; failure: CheckoutActionData | undefined }) {
  const t = useT();
  const { shop } = useStoreData();
  const applying = useBusy("gift-card");
  const error = failure?.intent === "gift-card" ? failure.error : undefined;
  if (data.giftCard) {
    return (
      <div className="checkout-gift-card">
        <h3 className="checkout-subtitle">{t("checkout.gift_card.title")}</h3>
        <p>
          {t("checkout.gift_card.applied", {
            code: data.giftCard.maskedCode,
            amount: formatMoney(data.giftCard.amount, shop),
            balance: formatMoney(data.giftCard.balance, shop),
          })}
        </p>
        <StepForm data={data} intent="remove-gift-card">
          <Button type="submit" variant="tertiary" size="sm">
            {t("checkout.gift_card.remove")}
          </Button>
        </StepForm>
      </div>
    );
  }
  return (
    <div className="checkout-gift-card">
      <h3 className="checkout-subtitle">{t("checkout.gift_card.title")}</h3>
      {data.giftCardProblem ? <Notice kind="error">{t(`checkout.error.${data.giftCardProblem}`)}</Notice> : null}
      <StepForm data={data} intent="gift-card">
        <div className="checkout-gift-card__row">
          <Field
            name="giftCardCode"
            label={t("checkout.gift_card.code")}
            autoComplete="off"
            spellCheck={false}
            required
            defaultValue={failure?.intent === "gift-card" ? (failure.values?.giftCardCode ?? "") : ""}
            issue={
              error
                ? {
                    field: "giftCardCode",
                    code: error,
                    ...(failure?.errorValues ? { values: failure.errorValues } : {}),
                  }
                : undefined
            }
          />
          <Button type="submit" variant="secondary" loading={applying}>
            {t("checkout.gift_card.apply")}
          </Button>
        </div>
      </StepForm>
    </div>
  );
}

function ReviewStep({ data, failure, state, headingRef }: StepProps) {
  const t = useT();
  const { shop } = useStoreData();
  const busy = useBusy("place");
  const error = failure?.intent === "place" ? failure.error : undefined;
  const hosted = data.quote.amountDue > 0 && (data.paymentMethod === "credit_card" || data.paymentMethod === "paypal");
  return (
    <StepSection step="review" number={5} state={state} path={data.path} headingRef={headingRef}>
      {error ? (
        <Notice kind="error">
          <p>{t(`checkout.error.${error}`)}</p>
          {failure?.outOfStock?.length ? (
            <ul>
              {failure.outOfStock.map((item) => (
                <li key={`${item.name}-${item.size}`}>{t("checkout.error.out_of_stock_item", item)}</li>
              ))}
            </ul>
          ) : null}
          {error === "email_registered" ? (
            <p>
              <a href={data.loginPath}>{t("checkout.contact.sign_in")}</a> ·{" "}
              <Link to={`${data.path}?step=contact`}>{t("checkout.contact.other_email")}</Link>
            </p>
          ) : null}
          {error === "out_of_stock" ? (
            <p>
              <Link to="/cart/">{t("checkout.edit_basket")}</Link>
            </p>
          ) : null}
        </Notice>
      ) : null}
      <p className="checkout-review__estimate">
        {t("checkout.review.estimate", { dates: formatDayRange(data.quote.deliveryDateRange, shop.locale) })}
      </p>
      <StepForm data={data} intent="place">
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
        <input type="hidden" name="expectedTotal" value={String(data.quote.total)} />
        <input type="hidden" name="expectedAmountDue" value={String(data.quote.amountDue)} />
        <p className="checkout-review__terms">{t("checkout.review.terms")}</p>
        <Button type="submit" size="xl" fullWidth loading={busy} className="checkout-place" data-testid="place-order">
          {hosted
            ? t("checkout.review.place_and_pay", { amount: formatMoney(data.quote.amountDue, shop) })
            : t("checkout.review.place", { amount: formatMoney(data.quote.total, shop) })}
        </Button>
        {hosted ? <p className="checkout-muted checkout-review__hosted">{t("checkout.review.hosted_note")}</p> : null}
      </StepForm>
    </StepSection>
  );
}

function CheckoutSummary({ data }: { data: CheckoutPageData }) {
  const t = useT();
  const { shop } = useStoreData();
  const q = data.quote;
  const lines: SummaryLine[] = q.lines.map((l) => ({
    key: l.key,
    name: l.name,
    brand: l.brand,
    colorLabel: l.colorLabel,
    sizeLabel: l.sizeLabel,
    quantity: l.quantity,
    total: l.total,
    regularTotal: l.unitPrice * l.quantity,
    imageUrl: l.imageUrl,
    isGift: l.isGift,
    backorder: l.backorder,
  }));
  const totals: SummaryTotals = {
    currency: q.currency,
    itemsListTotal: q.itemsListTotal,
    reductions: q.reductions.map((r) => ({
      key: `${r.category}:${r.promotionId ?? ""}`,
      category: r.category,
      name: r.name,
      amount: r.amount,
    })),
    deliveryMethod: q.delivery.id,
    deliveryPrice: q.delivery.price,
    paymentFee: q.paymentFee,
    giftCard: data.giftCard ? { maskedCode: data.giftCard.maskedCode, amount: data.giftCard.amount } : null,
    total: q.total,
    amountDue: q.amountDue,
    tax: q.tax,
    vatRate: q.vatRate,
  };
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <div className="checkout-summary__head">
        <h2 id="checkout-summary-title" className="checkout-summary__title">
          {t("checkout.summary.title", { count: data.basketCount })}
        </h2>
        <Link to="/cart/" className="checkout-summary__edit">
          {t("checkout.edit_basket")}
        </Link>
      </div>
      <SummaryLines lines={lines} headingId="checkout-summary-title" />
      <SummaryTotalsList totals={totals} />
      <p className="checkout-summary__estimate">
        {t("checkout.review.estimate", { dates: formatDayRange(q.deliveryDateRange, shop.locale) })}
      </p>
    </aside>
  );
}

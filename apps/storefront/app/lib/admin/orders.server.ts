import {
  ORDER_SORTS,
  ORDER_STATUSES,
  type OrderQuery,
  type OrderSort,
  type OrderStatus,
  orderQueryProblem,
  PAYMENT_METHOD_IDS,
  type PaymentMethodId,
  STORE_CODES,
  type StoreCode,
} from "@vitrine/commerce";

/** The order list's filters from the address (`?q=…&store=de&status=paid…`): unknown values are dropped. */
export function orderQueryFromUrl(params: URLSearchParams): OrderQuery {
  const one = <T extends string>(name: string, allowed: readonly string[]) => {
    const value = params.get(name) ?? "";
    return allowed.includes(value) ? (value as T) : undefined;
  };
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
  };
  const store = one<StoreCode>("store", STORE_CODES);
  const status = one<OrderStatus>("status", ORDER_STATUSES);
  const payment = one<PaymentMethodId | "gift_card">("payment", [...PAYMENT_METHOD_IDS, "gift_card"]);
  const sort = one<OrderSort>("sort", ORDER_SORTS);
  const from = day("from");
  const to = day("to");
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const query: OrderQuery = {
    ...(q ? { search: q } : {}),
    ...(store ? { storeCodes: [store] } : {}),
    ...(status ? { statuses: [status] } : {}),
    ...(payment ? { paymentMethods: [payment] } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(sort ? { sort } : {}),
  };
  const after = params.get("after");
  if (after && orderQueryProblem({ ...query, cursor: after }) === null) query.cursor = after;
  return query;
}

import { CheckoutPage } from "../components/checkout/CheckoutPage.tsx";
import { checkoutAction, checkoutLoader } from "../lib/checkout.server.ts";
import { titledMeta } from "../lib/page-title.ts";
import type { Route } from "./+types/checkout";
import "../styles/checkout.css";

/** Checkout in the shop's layout (specification section 2); `/app-checkout/` is the same flow without chrome. */
export const handle = { pageType: "checkout" };

export const loader = (args: Route.LoaderArgs) => checkoutLoader(args, "/checkout/");
export const action = (args: Route.ActionArgs) => checkoutAction(args, "/checkout/");

export const meta: Route.MetaFunction = ({ matches }) =>
  titledMeta(matches, "checkout.title", undefined, "noindex, nofollow");

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData} actionData={actionData} />;
}

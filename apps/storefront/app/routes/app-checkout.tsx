import { CheckoutPage } from "../components/checkout/CheckoutPage.tsx";
import { checkoutAction, checkoutLoader } from "../lib/checkout.server.ts";
import { titledMeta } from "../lib/page-title.ts";
import type { Route } from "./+types/app-checkout";
import "../styles/checkout.css";

/** The checkout inside the shop's apps: the clean layout (no header or footer), the same flow as `/checkout/`. */
export const handle = { pageType: "checkout" };

export const loader = (args: Route.LoaderArgs) => checkoutLoader(args, "/app-checkout/");
export const action = (args: Route.ActionArgs) => checkoutAction(args, "/app-checkout/");

export const meta: Route.MetaFunction = ({ matches }) =>
  titledMeta(matches, "checkout.title", undefined, "noindex, nofollow");

export default function AppCheckout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData} actionData={actionData} />;
}

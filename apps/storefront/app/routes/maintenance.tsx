import { isMaintenanceMode, maintenanceState } from "@vitrine/commerce";
import { data, redirect } from "react-router";
import { Button } from "../components/Button.tsx";
import { StoreFinderIcon } from "../components/icons/ui.tsx";
import { useT } from "../i18n/i18n.tsx";
import { titledMeta } from "../lib/page-title.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { Route } from "./+types/maintenance";

export const handle = { pageType: "maintenance" };

export const meta: Route.MetaFunction = ({ matches }) => titledMeta(matches, "shell.page_title.maintenance");

/** Seconds a client should wait before trying again while the shop is in maintenance. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/** The maintenance page: 503 with Retry-After while maintenance is on; when it is off it redirects home. */
export async function loader({ context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  if (!(await isMaintenanceMode(store.ctx))) throw redirect(localizedPath(store.shop, "/"), 302);
  // The operator's message (back office, maintenance screen), read fresh: the page is never cached.
  const { message } = await maintenanceState(store.ctx);
  return data(
    { on: true, message },
    {
      status: 503,
      headers: { "retry-after": String(MAINTENANCE_RETRY_AFTER_SECONDS), "cache-control": "no-store" },
    },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Maintenance({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { physicalStores } = useStoreData();
  return (
    <main id="main" className="maintenance">
      <div className="maintenance__card">
        <h1 className="maintenance__title">{t("shell.maintenance_title")}</h1>
        <p className="maintenance__text">{t("shell.maintenance_text")}</p>
        {loaderData.message ? <p className="maintenance__message">{loaderData.message}</p> : null}
        {physicalStores > 0 ? (
          <p className="maintenance__stores">
            <StoreFinderIcon size={20} />
            <span>{t("shell.maintenance_stores")}</span>
          </p>
        ) : null}
        <Button to="/maintenance/" reloadDocument variant="secondary">
          {t("shell.maintenance_retry")}
        </Button>
      </div>
    </main>
  );
}

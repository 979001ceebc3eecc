import type { BasketItem, BasketPackage } from "@vitrine/commerce";
import { useT } from "../../i18n/i18n.tsx";
import { formatShortDay } from "../../lib/dates.ts";
import { useStoreData } from "../../lib/use-store.ts";

/** Delivery estimate per package: items in stock ship together; items sold without stock follow later. */
export function DeliveryPackages({ packages, items }: { packages: BasketPackage[]; items: BasketItem[] }) {
  const t = useT();
  const { shop } = useStoreData();
  if (packages.length === 0) return null;
  return (
    <section className="basket-packages" aria-labelledby="basket-packages-title">
      <h2 id="basket-packages-title" className="basket-section-title">
        {t("basket.delivery_title")}
      </h2>
      <ol className="basket-packages__list">
        {packages.map((p, index) => {
          const names = p.itemKeys.flatMap((key) => items.find((i) => i.key === key)?.product.name ?? []);
          return (
            <li key={p.kind} className="basket-package" data-package={p.kind}>
              <p className="basket-package__title">
                {packages.length > 1
                  ? t("basket.package_numbered", { number: index + 1, count: p.count })
                  : t("basket.package_single", { count: p.count })}
                {" · "}
                <span className="basket-package__kind">
                  {p.kind === "inStock" ? t("basket.package_in_stock") : t("basket.package_without_stock")}
                </span>
              </p>
              <p
                className="basket-package__dates"
                data-delivery-min={p.deliveryDateRange.min}
                data-delivery-max={p.deliveryDateRange.max}
              >
                {t("basket.delivery_range", {
                  min: formatShortDay(p.deliveryDateRange.min, shop.locale),
                  max: formatShortDay(p.deliveryDateRange.max, shop.locale),
                })}
              </p>
              <p className="basket-package__items">{names.join(", ")}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

import { useT } from "../i18n/i18n.tsx";
import { useStoreData } from "../lib/use-store.ts";

/** The shop's logo (shop settings), or its name while it has none: header and checkout header. */
export function ShopBrand({ height = 32 }: { height?: number }) {
  const t = useT();
  const { shopLogo } = useStoreData();
  if (!shopLogo) return <>{t("common.shop_name")}</>;
  const width = Math.round((shopLogo.width / shopLogo.height) * height);
  return <img className="logo__image" src={shopLogo.path} width={width} height={height} alt={t("common.shop_name")} />;
}

import type { Generated } from "kysely";

/** Tables of the basket module: baskets and wishlists per shopper and store (see ../schema.ts for the conventions). */

export interface BasketTable {
  id: Generated<number>;
  /** Public key of the basket (the specification's `Basket.key`). */
  key: string;
  store_code: string;
  /** `browser` (a guest, keyed by the browser id cookie) or `customer` (keyed by the customer id). */
  owner_kind: string;
  owner_id: string;
  /** JSON: order custom data sent with adds (customer groups). */
  custom_data: string;
  created_at: string;
  updated_at: string;
}

export interface BasketItemTable {
  basket_id: number;
  key: string;
  variant_id: number;
  product_id: number;
  /** `item_group_id` or '' — part of the unique line key (variant, group), so upserts need no NULL handling. */
  group_key: string;
  quantity: number;
  promotion_id: string | null;
  item_group_id: string | null;
  item_group_main: number;
  item_group_required: number;
  /** JSON objects sent by the client and returned as they are. */
  custom_data: string;
  display_data: string;
  /** Order in which lines were added. */
  position: number;
  created_at: string;
  updated_at: string;
}

export interface WishlistTable {
  id: Generated<number>;
  store_code: string;
  owner_kind: string;
  owner_id: string;
  created_at: string;
  updated_at: string;
}

export interface WishlistItemTable {
  wishlist_id: number;
  key: string;
  product_id: number;
  variant_id: number | null;
  position: number;
  created_at: string;
}

export interface BasketTables {
  basket: BasketTable;
  basket_item: BasketItemTable;
  wishlist: WishlistTable;
  wishlist_item: WishlistItemTable;
}

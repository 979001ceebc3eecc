import { z } from "zod";
import { jsonValueTooDeep } from "../json.ts";
import { rowId, text } from "../validation.ts";
import { EXISTING_ITEM_HANDLING, MAX_BASKET_ITEMS, MAX_ITEM_QUANTITY } from "./types.ts";

/** Payloads of the basket and wishlist calls (specification sections 3 and 7), validated at every boundary. */

/** Client data kept with a line or the basket and returned as it is: a small JSON object. */
export const MAX_CUSTOM_DATA_CHARS = 4096;
/** Levels of objects and arrays custom data may nest (the object itself is the first). */
export const MAX_CUSTOM_DATA_DEPTH = 16;
// The depth is checked first, without recursion: the JSON schema and the size check walk the value recursively.
const jsonObject = z
  .unknown()
  .refine((value) => !jsonValueTooDeep(value, MAX_CUSTOM_DATA_DEPTH), {
    message: `value contains more than ${MAX_CUSTOM_DATA_DEPTH} levels of nesting`,
  })
  .pipe(
    z.record(text().max(64), z.json()).refine((value) => JSON.stringify(value).length <= MAX_CUSTOM_DATA_CHARS, {
      message: `value contains more than ${MAX_CUSTOM_DATA_CHARS} characters`,
    }),
  );

export const itemGroupSchema = z.strictObject({
  id: text().trim().min(1).max(64),
  isMainItem: z.boolean(),
  isRequired: z.boolean(),
});

const variantId = rowId;
const itemKey = text().trim().min(1).max(80);

/** The basket item-add payload: variantId, quantity, existingItemHandling, displayData, customData, itemGroup, orderCustomData. */
export const basketItemAddSchema = z.strictObject({
  variantId,
  quantity: z.number().int().min(1).max(MAX_ITEM_QUANTITY).default(1),
  existingItemHandling: z.enum(EXISTING_ITEM_HANDLING).optional(),
  displayData: jsonObject.optional(),
  customData: jsonObject.optional(),
  itemGroup: itemGroupSchema.optional(),
  /** Order custom data (customer groups), kept on the basket. */
  orderCustomData: jsonObject.optional(),
});
export type BasketItemAdd = z.input<typeof basketItemAddSchema>;

export const basketItemsAddSchema = z.strictObject({
  items: z
    .array(basketItemAddSchema.omit({ existingItemHandling: true }))
    .min(1)
    .max(MAX_BASKET_ITEMS),
  existingItemHandling: z.enum(EXISTING_ITEM_HANDLING).optional(),
});
export type BasketItemsAdd = z.input<typeof basketItemsAddSchema>;

/**
 * The update payload. Fields are optional here on purpose: a missing key, promotionId or quantity is answered
 * with the specification's own error ('Could not update item: {key}'), not the generic schema message.
 */
export const basketItemUpdateSchema = z.strictObject({
  basketItemKey: itemKey.optional(),
  update: z
    .strictObject({
      promotionId: text().trim().min(1).max(80).nullable().optional(),
      quantity: z.number().int().min(0).max(MAX_ITEM_QUANTITY).optional(),
      orderCustomData: jsonObject.optional(),
    })
    .optional(),
});
export type BasketItemUpdate = z.input<typeof basketItemUpdateSchema>;

/** The update call's payload: none at all (`null`) lacks the same data, so it gets the same error. */
export const basketItemUpdatePayloadSchema = basketItemUpdateSchema
  .nullish()
  .transform((payload): BasketItemUpdate => payload ?? {});

/** Remove by item key, or by variant (a variant that is not in the basket is a not-found error). */
export const basketItemRemoveSchema = z.union([
  z.strictObject({ itemKey }),
  z.strictObject({ variantId, itemGroupId: text().trim().min(1).max(64).optional() }),
]);
export type BasketItemRemove = z.input<typeof basketItemRemoveSchema>;

export const basketMergeSchema = z
  .strictObject({ strategy: z.enum(EXISTING_ITEM_HANDLING).optional() })
  .nullish()
  .transform((v) => v ?? {});

/** Calls without a payload accept nothing, null or an empty object. */
export const emptyPayloadSchema = z
  .strictObject({})
  .nullish()
  .transform(() => ({}));

export const wishlistItemAddSchema = z.strictObject({
  productId: rowId,
  variantId: variantId.nullish(),
  /** Replace: this item is removed first (it must exist), then the new one added. */
  replaceItemKey: itemKey.optional(),
  /** Toggle (the heart on a product): removes the product when it is already in the wishlist. */
  toggle: z.boolean().optional(),
});
export type WishlistItemAdd = z.input<typeof wishlistItemAddSchema>;

export const wishlistItemRemoveSchema = z.strictObject({ itemKey });

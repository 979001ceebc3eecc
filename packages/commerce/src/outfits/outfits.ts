import { z } from "zod";
import type { Ctx } from "../context.ts";
import { parseJson } from "../json.ts";
import type { Language } from "../shop/shops.ts";

/** Outfits ("shop the look"): a named look of 3–5 products. */

const labels = z.strictObject({ de: z.string().min(1), fr: z.string().min(1), en: z.string().min(1) });

export const outfitRecordSchema = z.strictObject({
  id: z.number().int().positive(),
  names: labels,
  descriptions: labels,
  gender: z.enum(["women", "men", "kids"]),
  productIds: z.array(z.number().int().positive()).min(2).max(8),
});

export type OutfitRecord = z.output<typeof outfitRecordSchema>;

export interface OutfitSummary {
  id: number;
  name: string;
  description: string;
  gender: string;
  productIds: number[];
}

export async function writeOutfits(ctx: Pick<Ctx, "db">, records: readonly OutfitRecord[]): Promise<void> {
  const { db } = ctx;
  for (const o of records) {
    const row = {
      id: o.id,
      names: JSON.stringify(o.names),
      descriptions: JSON.stringify(o.descriptions),
      gender: o.gender,
      product_ids: JSON.stringify(o.productIds),
    };
    const { id: _id, ...update } = row;
    await db
      .insertInto("outfit")
      .values(row)
      .onConflict((oc) => oc.column("id").doUpdateSet(update))
      .execute();
  }
}

function toSummary(
  row: { id: number; names: string; descriptions: string; gender: string; product_ids: string },
  language: Language,
): OutfitSummary {
  return {
    id: row.id,
    name: parseJson<Record<string, string>>(row.names, {})[language] ?? `#${row.id}`,
    description: parseJson<Record<string, string>>(row.descriptions, {})[language] ?? "",
    gender: row.gender,
    productIds: parseJson<number[]>(row.product_ids, []),
  };
}

export async function listOutfits(ctx: Pick<Ctx, "db">, language: Language): Promise<OutfitSummary[]> {
  const { db } = ctx;
  const rows = await db.selectFrom("outfit").selectAll().orderBy("id").execute();
  return rows.map((r) => toSummary(r, language));
}

export async function getOutfit(
  ctx: Pick<Ctx, "db">,
  id: number,
  language: Language,
): Promise<OutfitSummary | undefined> {
  const { db } = ctx;
  const row = await db.selectFrom("outfit").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toSummary(row, language) : undefined;
}

export async function loadOutfitRecords(ctx: Pick<Ctx, "db">): Promise<OutfitRecord[]> {
  const { db } = ctx;
  const rows = await db.selectFrom("outfit").selectAll().orderBy("id").execute();
  return rows.map((r) => ({
    id: r.id,
    names: parseJson(r.names, { de: "", fr: "", en: "" }),
    descriptions: parseJson(r.descriptions, { de: "", fr: "", en: "" }),
    gender: r.gender as OutfitRecord["gender"],
    productIds: parseJson<number[]>(r.product_ids, []),
  }));
}

import { z } from "zod";
import {
  isValidPostcode,
  normalisePostcode,
  POSTCODE_RULES,
  SHIPPING_COUNTRY_CODES,
  type ShippingCountry,
} from "../shop/shipping-countries.ts";
import { specErrorMap, text } from "../validation.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./auth.ts";
import { isCommonPassword } from "./common-passwords.ts";

/**
 * Input rules of the accounts module. Every rule carries a stable `code` (and values) besides its message, so a
 * form can show a translated text per field while the RPC channel answers in the specification's wording.
 */

/** Countries a customer address may be in: the shop's delivery countries (each store offers its own list). */
export const ADDRESS_COUNTRIES = SHIPPING_COUNTRY_CODES;
export type AddressCountry = ShippingCountry;

export const NAME_MAX = 60;
const EARLIEST_BIRTH_DATE = "1900-01-01";

/** A field problem: `code` picks the text (`account.error.{code}`), `values` fill it in. */
export interface AccountIssue {
  field: string;
  code: string;
  values?: Record<string, string | number>;
  message: string;
}

/** Params of a custom rule: its message plus the code and values the forms translate. */
function rule(code: string, message: string, values?: Record<string, string | number>) {
  return { message, params: { code, values } };
}

const PHONE = /^\+?[0-9][0-9 ()/-]{4,}$/;

const requiredText = (max: number) => text().trim().min(1).max(max);

export const emailSchema = text().trim().toLowerCase().max(254).pipe(z.email());

/** Long enough, and not one of the passwords attackers try first (sign-up, change, reset, guest conversion). */
export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH)
  .max(MAX_PASSWORD_LENGTH)
  // A too short one is told about its length only.
  .refine(
    (v) => v.length < MIN_PASSWORD_LENGTH || !isCommonPassword(v),
    rule("common_password", "password is too common."),
  );

/** The postcode problem of an address under its country's rule (DE 5 digits, AT and CH 4, GB "SW1A 1AA"), if any. */
export function postcodeIssue(
  countryCode: string,
  zipCode: string,
): { code: string; message: string; values: Record<string, string | number> } | undefined {
  if (isValidPostcode(countryCode, zipCode)) return undefined;
  const rule = POSTCODE_RULES[countryCode as ShippingCountry];
  return rule.kind === "digits"
    ? {
        code: "zip_code_digits",
        message: `zip code must have ${rule.digits} digits for ${countryCode}.`,
        values: { digits: rule.digits, country: countryCode },
      }
    : {
        code: "zip_code_format",
        message: `zip code is not a valid postcode for ${countryCode} (like ${rule.example}).`,
        values: { example: rule.example, country: countryCode },
      };
}

/** `yyyy-mm-dd`, a real calendar day, not in the future and not before 1900. */
export function isValidBirthDate(value: string, today: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return value >= EARLIEST_BIRTH_DATE && value <= today.toISOString().slice(0, 10);
}

const optionalText = (schema: z.ZodType<string | null>) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), schema.nullable().optional());

export function profileSchema(today: Date) {
  return z.strictObject({
    firstName: requiredText(NAME_MAX),
    lastName: requiredText(NAME_MAX),
    phone: optionalText(
      z
        .string()
        .trim()
        .max(30)
        .refine((v) => PHONE.test(v), rule("invalid_phone", "value is not a valid phone number.")),
    ),
    birthDate: optionalText(
      z
        .string()
        .trim()
        .refine(
          (v) => isValidBirthDate(v, today),
          rule("invalid_birth_date", "value is not a valid birth date (yyyy-mm-dd)."),
        ),
    ),
  });
}

export type ProfileInput = z.output<ReturnType<typeof profileSchema>>;

export const addressSchema = z
  .strictObject({
    firstName: requiredText(NAME_MAX),
    lastName: requiredText(NAME_MAX),
    street: requiredText(120),
    /** c/o, floor, Packstation customer number: optional. */
    addressLine2: text().trim().max(120).optional(),
    zipCode: text().trim(),
    city: requiredText(80),
    countryCode: z.enum(ADDRESS_COUNTRIES),
    isDefault: z.boolean().optional(),
  })
  .transform((address) => ({
    ...address,
    addressLine2: address.addressLine2 ?? "",
    zipCode: normalisePostcode(address.countryCode, address.zipCode),
  }))
  .superRefine((address, ctx) => {
    const problem = postcodeIssue(address.countryCode, address.zipCode);
    if (problem) {
      ctx.addIssue({ code: "custom", path: ["zipCode"], ...rule(problem.code, problem.message, problem.values) });
    }
  });

export type AddressInput = z.output<typeof addressSchema>;

/** Field problems of a zod error, with codes for the forms and spec-worded messages for the channel. */
export function accountIssues(error: z.ZodError): AccountIssue[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join(".") || "(root)";
    return { field, message: issue.message, ...issueCode(issue) };
  });
}

function issueCode(issue: z.core.$ZodIssue): Pick<AccountIssue, "code" | "values"> {
  switch (issue.code) {
    case "custom": {
      const params = (issue.params ?? {}) as { code?: string; values?: Record<string, string | number> };
      return { code: params.code ?? "invalid", ...(params.values ? { values: params.values } : {}) };
    }
    case "too_small":
      return Number(issue.minimum) <= 1
        ? { code: "required" }
        : { code: "too_short", values: { min: Number(issue.minimum) } };
    case "too_big":
      return { code: "too_long", values: { max: Number(issue.maximum) } };
    case "invalid_format":
      return { code: issue.format === "email" ? "invalid_email" : "invalid" };
    case "invalid_type":
      return { code: issue.input === undefined || issue.input === null ? "required" : "invalid" };
    case "invalid_value":
      return { code: "invalid_choice" };
    case "unrecognized_keys":
      return { code: "unknown_field" };
    default:
      return { code: "invalid" };
  }
}

/** Parses with the accounts rules: the value, or the field problems. */
export function parseAccountInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; value: z.output<S> } | { ok: false; issues: AccountIssue[] } {
  // reportInput lets the codes tell a missing value from a wrong one; inputs never leave this function.
  const result = schema.safeParse(input, { error: specErrorMap, reportInput: true });
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: accountIssues(result.error) };
}

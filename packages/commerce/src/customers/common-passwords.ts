import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The most common passwords, from zxcvbn-ts's ranked list of leaked passwords (@zxcvbn-ts/language-common, MIT):
 * the first 10,000. Compared in lower case, so "Password1" is as common as "password1".
 */
const COMMON_PASSWORD_COUNT = 10_000;

let common: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT));
  return common.has(password.toLowerCase());
}

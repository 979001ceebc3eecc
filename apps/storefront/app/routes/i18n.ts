import { messagesForLocaleCode } from "../i18n/messages.server.ts";
import { BUILD_ID } from "../lib/build.ts";
import type { Route } from "./+types/i18n";

/**
 * `/i18n/{locale}.json?v={build}`: the interface texts of a store's locale for the browser. Versioned by the
 * build id, so it is cached for a year and fetched once per deployment.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const locale = /^([a-z]{2}-[A-Z]{2})\.json$/.exec(params.file ?? "")?.[1];
  const messages = locale ? messagesForLocaleCode(locale) : undefined;
  if (!messages) return Response.json({ error: "unknown locale" }, { status: 404 });
  const current = new URL(request.url).searchParams.get("v") === BUILD_ID;
  return Response.json(messages, {
    headers: { "cache-control": current ? "public, max-age=31536000, immutable" : "public, max-age=300" },
  });
}

import { BUILD_ID } from "../lib/build.ts";

/** The running build's id: the client checks it on navigation and reloads once a newer build is out. */
export function loader() {
  return Response.json({ id: BUILD_ID }, { headers: { "cache-control": "no-store" } });
}

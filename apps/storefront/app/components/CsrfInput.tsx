import { CSRF_FIELD_NAME } from "../lib/csrf.ts";
import { useStoreData } from "../lib/use-store.ts";

/** Every form that changes something carries the CSRF token (checked by the root middleware). */
export function CsrfInput() {
  const { csrfToken } = useStoreData();
  return <input type="hidden" name={CSRF_FIELD_NAME} value={csrfToken} />;
}

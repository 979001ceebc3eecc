import type { ComponentProps } from "react";
import { Form } from "react-router";
import { useAdminRoot } from "../../lib/admin/root.ts";
import { CSRF_FIELD_NAME } from "../../lib/csrf.ts";

/** The CSRF token every back-office form that changes something carries (checked by the root middleware). */
export function AdminCsrfInput() {
  const { csrfToken } = useAdminRoot();
  return <input type="hidden" name={CSRF_FIELD_NAME} value={csrfToken} />;
}

/** A POST form of the back office: React Router's Form with the CSRF token (works without JavaScript too). */
export function AdminForm({ children, ...props }: Omit<ComponentProps<typeof Form>, "method">) {
  return (
    <Form method="post" {...props}>
      <AdminCsrfInput />
      {children}
    </Form>
  );
}

import type { ComponentProps } from "react";
import { Form } from "react-router";

/**
 * A POST form of the back office: React Router's Form (works without JavaScript too). The root middleware accepts
 * it only from the shop's own pages (Origin).
 */
export function AdminForm({ children, ...props }: Omit<ComponentProps<typeof Form>, "method">) {
  return (
    <Form method="post" {...props}>
      {children}
    </Form>
  );
}

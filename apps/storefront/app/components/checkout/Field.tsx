import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { useT } from "../../i18n/i18n.tsx";
import type { FieldIssue } from "./types.ts";

type Common = { name: string; label: string; issue?: FieldIssue | undefined; hint?: ReactNode; id?: string };

function describedBy(id: string, hint: ReactNode, issue: FieldIssue | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, issue ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

function FieldText({ id, hint, issue }: { id: string; hint: ReactNode; issue: FieldIssue | undefined }) {
  const t = useT();
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="checkout-field__hint">
          {hint}
        </p>
      ) : null}
      {issue ? (
        <p id={`${id}-error`} className="checkout-field__error">
          {t(`checkout.error.${issue.code}`, issue.values)}
        </p>
      ) : null}
    </>
  );
}

/** A labelled input with its hint and error, announced to assistive technology. */
export function Field({
  name,
  label,
  issue,
  hint,
  id = `co-${name.replace(/\./g, "-")}`,
  className,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
  const t = useT();
  return (
    <div className={`checkout-field${issue ? " checkout-field--invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>
        {label}
        {input.required || input["aria-required"] ? null : (
          <span className="checkout-field__optional"> {t("checkout.optional")}</span>
        )}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={issue ? true : undefined}
        aria-describedby={describedBy(id, hint, issue)}
        {...input}
      />
      <FieldText id={id} hint={hint} issue={issue} />
    </div>
  );
}

export function SelectField({
  name,
  label,
  issue,
  hint,
  id = `co-${name.replace(/\./g, "-")}`,
  className,
  children,
  ...select
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">) {
  return (
    <div className={`checkout-field${issue ? " checkout-field--invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        aria-invalid={issue ? true : undefined}
        aria-describedby={describedBy(id, hint, issue)}
        {...select}
      >
        {children}
      </select>
      <FieldText id={id} hint={hint} issue={issue} />
    </div>
  );
}

/** A message for a whole form or page: success (status) or problem (alert). */
export function Notice({ kind, children }: { kind: "success" | "error" | "info"; children: ReactNode }) {
  return (
    <div className={`checkout-notice checkout-notice--${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

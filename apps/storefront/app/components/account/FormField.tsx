import type { InputHTMLAttributes, ReactNode } from "react";
import { useT } from "../../i18n/i18n.tsx";
import type { FormIssue } from "../../lib/account-forms.ts";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> & {
  name: string;
  label: string;
  /** The form's id prefix, so the same field name can appear in two forms of one page. */
  form?: string;
  issue?: FormIssue;
  hint?: ReactNode;
};

/** A labelled input with its hint and its error, announced to assistive technology. */
export function FormField({ name, label, form = "f", issue, hint, className, ...input }: Props) {
  const t = useT();
  const id = `${form}-${name}`;
  const described = [hint ? `${id}-hint` : null, issue ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={`account-field${issue ? " account-field--invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>
        {label}
        {input.required ? null : <span className="account-field__optional"> {t("account.form.optional")}</span>}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={issue ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="account-field__hint">
          {hint}
        </p>
      ) : null}
      {issue ? (
        <p id={`${id}-error`} className="account-field__error">
          {t(`account.error.${issue.code}`, issue.values)}
        </p>
      ) : null}
    </div>
  );
}

/** A message for the whole form: success (status) or problem (alert). */
export function FormMessage({ kind, children }: { kind: "success" | "error" | "info"; children: ReactNode }) {
  return (
    <div className={`account-message account-message--${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

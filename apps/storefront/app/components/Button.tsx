import type { StoreCode } from "@vitrine/commerce/shops";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link } from "./Link.tsx";

export type ButtonVariant = "primary" | "secondary" | "tertiary" | "raw";
export type ButtonSize = "xs" | "sm" | "md" | "lg" | "xl";

export interface ButtonOwnProps {
  /** primary (filled), secondary (outlined), tertiary (text-like), raw (no styling but the reset). Default primary. */
  variant?: ButtonVariant;
  /** Default md. */
  size?: ButtonSize;
  disabled?: boolean;
  /** Busy: pulses, is disabled and says so to assistive technology (`aria-busy`). */
  loading?: boolean;
  fullWidth?: boolean;
  /** Round floating action button (icon only: give it an `aria-label`). */
  fab?: boolean;
  uppercase?: boolean;
  shadow?: boolean;
  noPadding?: boolean;
  /** A count shown after the label in parentheses: "Warenkorb (2)". */
  badge?: number;
  /** An icon before the label. */
  icon?: ReactNode;
  /** Acts as a link to this target (internal path or http address), through `Link`. */
  to?: string;
  /** With `to`: open in a new tab. */
  newTab?: boolean;
  /** With `to`: a full page load instead of a client navigation. */
  reloadDocument?: boolean;
  /** With `to`: a path in another store. */
  store?: StoreCode;
  className?: string;
  children?: ReactNode;
}

export type ButtonProps = ButtonOwnProps & Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof ButtonOwnProps>;

/** The class names of a button, for elements that must look like one (a `<summary>`, a label). */
function buttonClassName({
  variant = "primary",
  size = "md",
  loading,
  fullWidth,
  fab,
  uppercase,
  shadow,
  noPadding,
  className,
}: Pick<
  ButtonOwnProps,
  "variant" | "size" | "loading" | "fullWidth" | "fab" | "uppercase" | "shadow" | "noPadding" | "className"
>): string {
  return [
    "button",
    `button--${variant}`,
    `button--${size}`,
    loading && "button--loading",
    fullWidth && "button--full",
    fab && "button--fab",
    uppercase && "button--uppercase",
    shadow && "button--shadow",
    noPadding && "button--no-padding",
    className,
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * The shop's button (specification section 2): variants primary, secondary, tertiary, raw; sizes xs–xl;
 * disabled, loading (pulsing), full width, fab, uppercase, shadow, no padding; an optional badge count in
 * parentheses. Given `to` it renders a link that looks the same (disabled or loading, a disabled button).
 */
export function Button({
  variant,
  size,
  disabled,
  loading,
  fullWidth,
  fab,
  uppercase,
  shadow,
  noPadding,
  badge,
  icon,
  to,
  newTab,
  reloadDocument,
  store,
  className,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  const classes = buttonClassName({ variant, size, loading, fullWidth, fab, uppercase, shadow, noPadding, className });
  const content = (
    <>
      {icon ? <span className="button__icon">{icon}</span> : null}
      {children !== undefined && children !== null ? <span className="button__label">{children}</span> : null}
      {badge !== undefined ? <span className="button__badge">({badge})</span> : null}
    </>
  );
  if (to !== undefined) {
    const { "aria-label": ariaLabel, id, title } = rest;
    if (disabled || loading) {
      // A link that cannot be followed now is a disabled control, the same as a disabled button.
      return (
        <button
          type="button"
          className={classes}
          disabled
          aria-busy={loading || undefined}
          aria-label={ariaLabel}
          id={id}
        >
          {content}
        </button>
      );
    }
    return (
      <Link
        to={to}
        className={classes}
        newTab={newTab}
        reloadDocument={reloadDocument}
        store={store}
        aria-label={ariaLabel}
        id={id}
        title={title}
      >
        {content}
      </Link>
    );
  }
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {content}
    </button>
  );
}

import type { ComponentProps, ReactNode } from "react";
import { Link } from "../Link.tsx";

/**
 * A link from content: internal paths go through the shop's `Link` (localized, client navigation); http(s),
 * mailto and tel addresses are plain anchors.
 */
export function BlockLink({
  href,
  children,
  ...rest
}: { href: string; children: ReactNode } & Omit<ComponentProps<"a">, "href">) {
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link to={href} {...(rest as object)}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}

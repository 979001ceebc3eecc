import type { ReactNode } from "react";

/** A back-office screen: its heading, optional actions beside it, and the content. */
export function AdminPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>{title}</h1>
        {actions ? <div className="admin-page__actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/**
 * The head of an admin page: its title from a message key (the root loader's texts) and `noindex` (a page's
 * `meta` replaces its parents', so each page names it again; `X-Robots-Tag` says the same).
 */
export function adminTitle(
  matches: readonly unknown[],
  key: string,
): ({ title: string } | { name: string; content: string })[] {
  const root = (matches as ({ id: string; loaderData: unknown } | undefined)[]).find(
    (m) => m?.id === "routes/admin/admin",
  )?.loaderData as { messages?: Record<string, string> } | undefined;
  const brand = root?.messages?.["admin.brand"] ?? "Vitrine";
  return [{ title: `${root?.messages?.[key] ?? key} · ${brand}` }, { name: "robots", content: "noindex, nofollow" }];
}

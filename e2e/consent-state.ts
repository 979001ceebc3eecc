/** A browser that chose "necessary only" in the consent banner (the cookie apps/storefront/app/lib/consent.ts writes). */
export const NECESSARY_ONLY_STATE = {
  cookies: [
    {
      name: "vitrine_consent",
      value: "1.s0.m0",
      domain: "127.0.0.1",
      path: "/",
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: "Lax" as const,
    },
  ],
  origins: [],
};

/** A browser that allowed statistics (and not marketing): page and product events are sent. */
export const STATISTICS_STATE = {
  ...NECESSARY_ONLY_STATE,
  cookies: NECESSARY_ONLY_STATE.cookies.map((cookie) => ({ ...cookie, value: "1.s1.m0" })),
};

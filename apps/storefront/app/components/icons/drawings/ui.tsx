import { type IconDrawings, LINE } from "./drawing.ts";

const HEART = "M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z";

/**
 * The shop's line icons (24×24): basket, wishlist, delivery, return, search, store finder, plus the few the
 * header, drawers and checkout need (account, menu, close, chevrons, location, clock, lock).
 */
export const UI_ICONS: IconDrawings = {
  viewBox: "0 0 24 24",
  symbols: {
    basket: (
      <g {...LINE}>
        <path d="M5 8h14l-1.2 12.2a1 1 0 0 1-1 .8H7.2a1 1 0 0 1-1-.8z" />
        <path d="M9 10V6.5a3 3 0 0 1 6 0V10" />
      </g>
    ),
    wishlist: <path {...LINE} d={HEART} />,
    "wishlist-filled": <path {...LINE} fill="currentColor" d={HEART} />,
    delivery: (
      <g {...LINE}>
        <path d="M2.5 6.5h11v10h-11z" />
        <path d="M13.5 10h4l3 3.2v3.3h-7" />
        <circle cx="6.5" cy="17.5" r="1.8" />
        <circle cx="17" cy="17.5" r="1.8" />
      </g>
    ),
    return: (
      <g {...LINE}>
        <path d="M4 9h11a5 5 0 0 1 0 10H9" />
        <path d="M8 5 4 9l4 4" />
      </g>
    ),
    search: (
      <g {...LINE}>
        <circle cx="10.5" cy="10.5" r="6" />
        <path d="m15 15 5 5" />
      </g>
    ),
    "store-finder": (
      <g {...LINE}>
        <path d="M4 10v10h16V10" />
        <path d="M3 10 5 4h14l2 6a2.5 2.5 0 0 1-4.5 1.5A2.5 2.5 0 0 1 12 11.5a2.5 2.5 0 0 1-4.5 0A2.5 2.5 0 0 1 3 10z" />
        <path d="M10 20v-5h4v5" />
      </g>
    ),
    account: (
      <g {...LINE}>
        <circle cx="12" cy="8" r="4" />
        <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
      </g>
    ),
    menu: <path {...LINE} d="M3.5 6.5h17M3.5 12h17M3.5 17.5h17" />,
    close: <path {...LINE} d="m5.5 5.5 13 13m0-13-13 13" />,
    "chevron-down": <path {...LINE} d="m6 9 6 6 6-6" />,
    "chevron-up": <path {...LINE} d="m6 15 6-6 6 6" />,
    "chevron-right": <path {...LINE} d="m9 6 6 6-6 6" />,
    location: (
      <g {...LINE}>
        <path d="M12 21s-6.5-6.2-6.5-11.2a6.5 6.5 0 0 1 13 0C18.5 14.8 12 21 12 21z" />
        <circle cx="12" cy="9.8" r="2.3" />
      </g>
    ),
    clock: (
      <g {...LINE}>
        <circle cx="12" cy="12" r="8.5" />
        <path d="M12 7.5V12l3 2" />
      </g>
    ),
    lock: (
      <g {...LINE}>
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V8a4 4 0 0 1 8 0v3" />
      </g>
    ),
  },
};

import type { KeyboardEvent } from "react";

/** A link acting as a button (it works as a link without JavaScript) answers the Space key as buttons do. */
export function pressWithSpace(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== " ") return;
  event.preventDefault();
  event.currentTarget.click();
}

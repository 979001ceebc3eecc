import { Component, type ReactElement, Suspense, useEffect, useRef } from "react";

/**
 * Hydration in slices. The browser hydrates a page with Preact (entry.client.tsx), which hydrates the whole tree
 * in one task; on a phone's CPU a listing's took about 230 ms, all of it blocking input (Lighthouse's total
 * blocking time). A part wrapped in `HydrateLater` suspends on the page's first hydration: Preact keeps its
 * server HTML as it is and hydrates it in a task of its own, a moment later, in the order of the page. A part
 * inside a part waits for a task of its own too, so no task holds more than one part.
 *
 * The part must render one element (Preact keeps the first element of a suspended part for it). Until its task
 * runs, its links work as plain links and its buttons do nothing, as before hydration. Every render after the
 * first hydration (navigations, tests) renders the children in place, and so does every part of a page reached
 * by a navigation before the first page's parts were all done: those parts are new, there is nothing to hydrate.
 *
 * The server renders the children without the Suspense boundary: React's streaming render moves the content of
 * large boundaries out of place (a template, the content in a hidden element after it, and a script that swaps
 * them), which a page without JavaScript would never show. A boundary renders no element of its own, so the
 * server's HTML is the same with or without it.
 */

/** Whether parts still wait (from `sliceHydration` until the first hydration and every part are done). */
let slicing = false;
/** Whether the first hydration's render is done (`hydrationRendered`). */
let rendered = false;
/** The parts waiting, in the order they suspended; one is released per task. */
const waiting: (() => void)[] = [];
let channel: MessageChannel | undefined;

/** Called once when the first hydration and every part are done (see `sliceHydration`). */
let onFinish: (() => void) | undefined;

/**
 * Hydrate the parts wrapped in `HydrateLater` one task each (entry.client.tsx calls it before hydrating);
 * `done` runs once when the first hydration and every part are done.
 */
export function sliceHydration(done?: () => void): void {
  slicing = true;
  onFinish = done;
}

/** The first hydration has rendered (the root's first effect): parts rendered from now on render at once. */
function hydrationRendered(): void {
  rendered = true;
  if (!scheduled) finish();
}

/**
 * The root's side of the slicing (root.tsx's App, with the location's key): says when the first hydration has
 * rendered, and ends the slicing at the first navigation, during its render, so that the next page's parts
 * render at once instead of suspending to an empty place until their turn.
 */
export function useHydrationInParts(pageKey: string): void {
  const firstKey = useRef(pageKey);
  if (slicing && pageKey !== firstKey.current) finish();
  useEffect(hydrationRendered, []);
}

/** Every part has hydrated: later renders render at once, and the document says so (`html[data-hydrated]`). */
function finish(): void {
  slicing = false;
  document.documentElement.dataset.hydrated = "";
  const done = onFinish;
  onFinish = undefined;
  done?.();
}

/** A part of the page hydrated in a task of its own (see above). `children` must render one element. */
export function HydrateLater({ children }: { children: ReactElement }) {
  if (typeof document === "undefined") return children;
  return (
    <Suspense fallback={null}>
      <Slice>{children}</Slice>
    </Suspense>
  );
}

/**
 * Suspends once, on the first hydration, and hydrates its part when its task comes. Should a render of the page
 * above reach the part first (a parent's state changed), the part hydrates then, so that it never suspends
 * outside hydration (Preact would swap it for the empty fallback).
 *
 * Hydration takes the server's elements as they are and does not compare their attributes, so the part always
 * hydrates with the elements it suspended with (the ones the server rendered) and then renders the newer ones, if
 * a render above changed them meanwhile. A class, since a function component that suspends before its first
 * render is done starts again without its hooks' state.
 */
class Slice extends Component<{ children: ReactElement }> {
  private waited = false;
  /** What the part rendered when it suspended: the server's elements, to hydrate with. */
  private first: ReactElement | undefined;
  /** The part hydrated with `first` while newer elements were given: they render next. */
  private stale = false;

  override render() {
    const { children } = this.props;
    if (!this.waited) {
      if (!slicing) return children;
      this.waited = true;
      this.first = children;
      throw new Promise<void>((resolve) => {
        waiting.push(resolve);
        nextTask();
      });
    }
    const first = this.first;
    if (first === undefined) return children;
    this.first = undefined;
    this.stale = first !== children;
    return first;
  }

  override componentDidMount() {
    this.renderNewer();
  }

  override componentDidUpdate() {
    this.renderNewer();
  }

  private renderNewer() {
    if (!this.stale) return;
    this.stale = false;
    this.forceUpdate();
  }
}

/** Whether a task to release the next part is on its way. */
let scheduled = false;

/**
 * One part per task: a message to ourselves is a task of its own, without the delay nested timers get. After
 * the last part, one more task looks whether its render left parts of its own waiting before slicing ends.
 */
function nextTask(): void {
  if (scheduled) return;
  scheduled = true;
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => {
      scheduled = false;
      const resolve = waiting.shift();
      if (resolve) {
        resolve();
        nextTask();
      } else if (rendered) finish();
    };
  }
  channel.port2.postMessage(null);
}

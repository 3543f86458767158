/**
 * Whether a ticket has come near view: the expo's board of 200 open orders
 * draws in full only the tickets a cook can see (a 1024x768 tablet shows two
 * to six) and those within half a screen of them; every other ticket is on
 * the board as a stand-in (an empty card of its name and about its height)
 * and is drawn in full when it comes within half a screen of view, and stays
 * so. Without an IntersectionObserver (an old browser, the component tests'
 * DOM) every ticket is near.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

/** How far from view a stand-in is drawn in full: half a screen above and below (a swipe's worth ahead). */
export const NEAR_MARGIN = '50% 0px';

const canWatch = () => typeof IntersectionObserver === 'function';

/** True once the element has come within half a screen of view (at once without an observer). */
export function useNearView(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => !canWatch());
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, near]);
  return near;
}

/**
 * The stand-ins inside the container (elements with `data-far`, named by their `data-ticket`) that came near
 * view, as the set of their names; null without an observer (every ticket near). One observer for them all;
 * after each render the stand-ins it has not seen yet are watched too (observing one again changes nothing).
 */
export function useNearTickets(container: RefObject<HTMLElement | null>): ReadonlySet<string> | null {
  const [near, setNear] = useState<ReadonlySet<string> | null>(() => (canWatch() ? new Set() : null));
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => {
    if (!canWatch()) return;
    const io = new IntersectionObserver(
      (entries) => {
        const came = entries.filter((e) => e.isIntersecting).map((e) => e.target);
        if (came.length === 0) return;
        for (const el of came) io.unobserve(el);
        setNear((was) => new Set([...(was ?? []), ...came.map((el) => el.getAttribute('data-ticket') ?? '')]));
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.current = io;
    return () => {
      io.disconnect();
      observer.current = null;
    };
  }, []);
  useEffect(() => {
    const io = observer.current;
    if (io) container.current?.querySelectorAll('[data-far]').forEach((el) => io.observe(el));
  });
  return near;
}

/**
 * The app's links: an <a> with the route's address that navigates in the app on a plain click, as
 * react-router's Link and NavLink do, without their data router's prefetching and view transitions
 * (issue 24: react-router's Link brings those into the entry's chunk, and the app uses neither).
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** The history state the new location carries. */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * Whether a click on a link is the app's to follow (react-router's Link's rule): the main button, no modifier
 * key (those open a new tab or window), no other target, not already handled. For links that navigate without
 * Link's hooks of their own (a list's many rows sharing one handler).
 */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target?: string): boolean {
  return !event.defaultPrevented && event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  /** A class, or one for whether the link's route is the one shown. */
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  children?: ReactNode;
  /** Active only on the route itself, not on the routes below it. */
  end?: boolean;
}

/** A link that knows whether its route is the one shown: aria-current="page" and its className's isActive. */
export function NavLink({ className, end, ...rest }: NavLinkProps) {
  // react-router's NavLink's rule: not case-sensitive; a link to /a is active on /a and, unless `end`, below it.
  const pathname = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(rest.to).pathname.toLowerCase();
  const endSlash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = pathname === target || (!end && pathname.startsWith(target) && pathname.charAt(endSlash) === '/');
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/**
 * The link every view renders: a view takes a `LinkComponent` prop (the container passes
 * wouter's `<Link>`, so navigation stays inside the SPA) and falls back to a plain anchor.
 */
import type { ComponentType, MouseEventHandler, ReactNode } from 'react';

export interface LinkProps {
  href: string;
  className?: string;
  'aria-current'?: 'page';
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  children: ReactNode;
}

/** What a view's `LinkComponent` prop takes; wouter's `<Link>` fits it. */
export type LinkComponent = ComponentType<LinkProps>;

export function PlainLink(props: LinkProps) {
  return <a {...props} />;
}

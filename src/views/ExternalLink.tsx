import type { ReactNode } from 'react';
import { shellMessages } from '../messages/shell.ts';

/** A link to another site: a new tab without opener access, announced to screen readers. */
export function ExternalLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {shellMessages.newTab}</span>
    </a>
  );
}

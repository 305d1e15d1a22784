import type { ReactNode } from 'react';

/** A link to another site: a new tab without opener access, announced to screen readers. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (otvara se u novoj kartici)</span>
    </a>
  );
}

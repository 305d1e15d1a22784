import type { ReactNode } from 'react';

export interface PolicyPageProps {
  title: string;
  children: ReactNode;
}

/** Frame of the three legal pages (their full texts live in src/data/policies). */
export function PolicyPage({ title, children }: PolicyPageProps) {
  return (
    <article className="page policy" aria-labelledby="policy-title">
      <h1 id="policy-title">{title}</h1>
      {children}
    </article>
  );
}

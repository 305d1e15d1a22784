import type { ReactNode } from 'react';
import './PolicyPage.css';

export interface PolicySection {
  /** Anchor of the section, linked from the table of contents. */
  id: string;
  title: string;
  content: ReactNode;
}

export interface PolicyPageProps {
  title: string;
  /** e.g. '21. studenoga 2026.' */
  updated: string;
  intro: ReactNode;
  sections: readonly PolicySection[];
}

/**
 * Frame of the three legal pages (SPEC 2 route table; texts in src/views/policies): the title,
 * the date of the last change, a table of contents and numbered sections.
 */
export function PolicyPage({ title, updated, intro, sections }: PolicyPageProps) {
  return (
    <article className="page policy" aria-labelledby="policy-title">
      <header className="policy__header">
        <h1 id="policy-title">{title}</h1>
        <p className="policy__updated">Zadnja izmjena: {updated}</p>
        {intro}
      </header>
      <nav className="policy__toc" aria-labelledby="policy-toc-title">
        <h2 id="policy-toc-title">Sadržaj</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          className="policy__section"
          aria-labelledby={`${section.id}-title`}
        >
          <h2 id={`${section.id}-title`}>
            {index + 1}. {section.title}
          </h2>
          {section.content}
        </section>
      ))}
    </article>
  );
}

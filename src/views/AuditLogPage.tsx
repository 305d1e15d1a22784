/**
 * "Zapisnik" (issue 29): the filters (person, kind, from and to day), the rows newest first and
 * the page buttons. Pure: the container passes the machine's state and the event senders.
 */
import { useId } from 'react';
import type { AuditActor, AuditKind, AuditLogPage } from '../api/contract.ts';
import { ZAGREB_TIME_ZONE } from '../lib/timeZone.ts';
import type { AuditFilter } from '../machines/auditLog.machine.ts';
import { auditLogMessages as text } from '../messages/auditLog.ts';
import { Spinner } from './Spinner.tsx';
import './AuditLogPage.css';

export interface AuditLogPageProps {
  status: 'loading' | 'failed' | 'ready';
  filter: AuditFilter;
  page: AuditLogPage | null;
  people: AuditActor[];
  onFilter(change: Partial<AuditFilter>): void;
  onPage(pageNumber: number): void;
  onRetry(): void;
}

const timeFormat = new Intl.DateTimeFormat('hr-HR', {
  timeZone: ZAGREB_TIME_ZONE,
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function AuditLogPage(props: AuditLogPageProps) {
  const { status, page, onRetry } = props;
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <section className="audit-log" aria-labelledby={titleId}>
      <h1 id={titleId} tabIndex={-1}>
        {text.heading}
      </h1>
      <p>{text.intro}</p>
      <Filters {...props} />
      {status === 'loading' && (
        <div className="status">
          <Spinner label={text.loading} />
        </div>
      )}
      {status === 'failed' && (
        <div className="status">
          <p role="alert">{text.failed}</p>
          <button type="button" className="button" onClick={onRetry}>
            {text.retry}
          </button>
        </div>
      )}
      {status === 'ready' && page && page.items.length === 0 && (
        <p className="status">{text.empty}</p>
      )}
      {status === 'ready' && page && page.items.length > 0 && <Rows page={page} />}
      {status === 'ready' && page && <Pages {...props} page={page} />}
    </section>
  );
}

function Filters({ filter, people, onFilter }: AuditLogPageProps) {
  const id = useId();
  return (
    <form
      className="form audit-log__filters"
      aria-label={text.filters}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="form__field">
        <label className="form__label" htmlFor={`${id}-person`}>
          {text.person}
        </label>
        <select
          id={`${id}-person`}
          className="form__input"
          value={filter.userId ?? ''}
          onChange={(event) =>
            onFilter({ userId: event.target.value === '' ? null : Number(event.target.value) })
          }
        >
          <option value="">{text.everyone}</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
      <div className="form__field">
        <label className="form__label" htmlFor={`${id}-kind`}>
          {text.kind}
        </label>
        <select
          id={`${id}-kind`}
          className="form__input"
          value={filter.kind ?? ''}
          onChange={(event) =>
            onFilter({ kind: event.target.value === '' ? null : (event.target.value as AuditKind) })
          }
        >
          <option value="">{text.everyKind}</option>
          {(Object.keys(text.kinds) as AuditKind[]).map((kind) => (
            <option key={kind} value={kind}>
              {text.kinds[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="form__field">
        <label className="form__label" htmlFor={`${id}-from`}>
          {text.from}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="form__input"
          value={filter.from}
          onChange={(event) => onFilter({ from: event.target.value })}
        />
      </div>
      <div className="form__field">
        <label className="form__label" htmlFor={`${id}-to`}>
          {text.to}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="form__input"
          value={filter.to}
          onChange={(event) => onFilter({ to: event.target.value })}
        />
      </div>
    </form>
  );
}

function Rows({ page }: { page: AuditLogPage }) {
  return (
    <ol className="audit-log__rows">
      {page.items.map((row) => (
        <li key={row.id} className="audit-log__row">
          <p className="audit-log__when">
            <time dateTime={row.at}>{timeFormat.format(new Date(row.at))}</time>
            {' · '}
            <span>{row.actor?.name ?? text.server}</span>
          </p>
          <p className="audit-log__what">
            <strong>{text.kinds[row.kind]}</strong> {text.actions[row.action]}
            {row.objectId !== null && ` ${text.object(row.objectId)}`}
          </p>
          <p className="audit-log__summary">{row.summary}</p>
          {row.address !== null && (
            <p className="audit-log__address">{text.address(row.address)}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

function Pages({ page, onPage }: AuditLogPageProps & { page: AuditLogPage }) {
  return (
    <nav
      className="audit-log__pages"
      aria-label={text.pages(page.pageNumber, page.totalPages, page.totalCount)}
    >
      <button
        type="button"
        className="button"
        disabled={page.pageNumber <= 1}
        onClick={() => onPage(page.pageNumber - 1)}
      >
        {text.previous}
      </button>
      <p>{text.pages(page.pageNumber, page.totalPages, page.totalCount)}</p>
      <button
        type="button"
        className="button"
        disabled={page.pageNumber >= page.totalPages}
        onClick={() => onPage(page.pageNumber + 1)}
      >
        {text.next}
      </button>
    </nav>
  );
}

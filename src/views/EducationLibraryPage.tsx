/**
 * The education library (SPEC 2 "Education library"): the title, the partner filter (only when
 * the machine offers options), then a spinner, a message or the cards. The open education's
 * viewer (a child route) sits above the list, and its card is highlighted. Pure: the container
 * binds the education library machine.
 */
import { useEffect, useId, useRef, type ChangeEvent, type ReactNode } from 'react';
import type {
  EducationCardData,
  EducationLibraryStage,
  PartnerOption,
} from '../machines/educationLibrary.machine.ts';
import { educationsMessages } from '../messages/educations.ts';
import { routes } from '../routes.ts';
import { EducationThumbnail } from './EducationThumbnail.tsx';
import { PlainLink, type LinkComponent } from './PlainLink.tsx';
import { Spinner } from './Spinner.tsx';
import './EducationLibraryPage.css';
import './forms.css';

const text = educationsMessages;

export interface EducationLibraryPageProps {
  stage: EducationLibraryStage;
  cards: readonly EducationCardData[];
  /** Empty when the filter is not offered (one partner or none). */
  partnerOptions: readonly PartnerOption[];
  /** A partner id as text, or the all-partners value. */
  partnerFilter: string;
  allPartnersValue: string;
  /** The education whose viewer is open, or null. */
  openEducationId: number | null;
  onChoosePartner: (value: string) => void;
  /** Load the list again after it failed. */
  onRetry: () => void;
  /** The open education's viewer, rendered by its container. */
  viewer?: ReactNode;
  LinkComponent?: LinkComponent;
}

export function EducationLibraryPage({
  stage,
  cards,
  partnerOptions,
  partnerFilter,
  allPartnersValue,
  openEducationId,
  onChoosePartner,
  onRetry,
  viewer,
  LinkComponent: Link = PlainLink,
}: EducationLibraryPageProps) {
  const id = useId();
  const cardId = (educationId: number) => `${id}-education-${educationId}`;
  useFocusReturnToCard(openEducationId, cardId);
  if (stage === 'denied') return null;
  return (
    <section className="page educations" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="educations__title">
        {text.title}
      </h1>
      {viewer}
      {stage === 'list' && partnerOptions.length > 0 && (
        <div className="form__field educations__filter">
          <label className="form__label" htmlFor={`${id}-partner`}>
            {text.partnerFilter}
          </label>
          <select
            id={`${id}-partner`}
            className="form__input"
            value={partnerFilter}
            onChange={(event: ChangeEvent<HTMLSelectElement>) =>
              onChoosePartner(event.target.value)
            }
          >
            <option value={allPartnersValue}>{text.allPartners}</option>
            {partnerOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {text.partnerOption(option.name, option.count)}
              </option>
            ))}
          </select>
        </div>
      )}
      {stage === 'loading' && (
        <div className="status">
          <Spinner label={text.loading} />
        </div>
      )}
      {stage === 'failed' && (
        <div className="status">
          <p role="alert">{text.loadFailed}</p>
          <button type="button" className="button" onClick={onRetry}>
            {text.retry}
          </button>
        </div>
      )}
      {stage === 'empty' && <p className="status">{text.none}</p>}
      {stage === 'list' && (
        <ul className="educations__list">
          {cards.map(({ education, thumbnailUrl }, index) => {
            const open = education.id === openEducationId;
            return (
              <li key={education.id}>
                <article
                  id={cardId(education.id)}
                  className={`education-card${open ? ' education-card--open' : ''}`}
                  aria-labelledby={`${id}-card-${education.id}`}
                  aria-current={open ? 'true' : undefined}
                >
                  <EducationThumbnail
                    url={thumbnailUrl}
                    className="education-card__thumbnail"
                    eager={index === 0}
                  />
                  <div className="education-card__body">
                    <h2 id={`${id}-card-${education.id}`} className="education-card__title">
                      {education.title}
                    </h2>
                    <p className="education-card__description">{education.description}</p>
                    <Link
                      href={routes.education.href({ educationId: String(education.id) })}
                      className="button education-card__show"
                      aria-current={open ? 'page' : undefined}
                    >
                      {text.show}
                      {/* Every card has this link: its name says which education it opens. */}
                      <span className="visually-hidden">{text.showOf(education.title)}</span>
                    </Link>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Closing the viewer (its back link) puts focus back on the card it was opened from. */
function useFocusReturnToCard(
  openEducationId: number | null,
  cardId: (educationId: number) => string,
) {
  const previous = useRef(openEducationId);
  useEffect(() => {
    const closed = previous.current;
    previous.current = openEducationId;
    if (closed !== null && openEducationId === null) {
      document.getElementById(cardId(closed))?.querySelector('a')?.focus();
    }
  }, [openEducationId, cardId]);
}

/**
 * One course on the courses list (SPEC 2 "Courses list", 9): cover image, title, description,
 * lecturer(s), dates and times, location, price, country (only outside Croatia), the PDF and the
 * publication date. Administrators also get its delete button. Pure.
 */
import { useId, type ReactNode } from 'react';
import type { Course } from '../api/contract.ts';
import { countryName } from '../data/countries.ts';
import { coursesMessages } from '../messages/courses.ts';
import {
  HOME_COUNTRY,
  courseDate,
  coursePrice,
  dateWithTime,
  isSingleDay,
  lecturerNames,
  paragraphs,
  publicationDate,
  singleDayHours,
} from './courseFormat.ts';

/** The card image box (16:9); the server's card image is at most 600 px wide. */
const IMAGE_WIDTH = 600;
const IMAGE_HEIGHT = 338;
const IMAGE_SIZES = '(min-width: 1200px) 360px, (min-width: 600px) 50vw, 100vw';

export interface CourseCardProps {
  course: Course;
  /** The first card's image is in the first screen: loaded at once, the others lazily. */
  eagerImage: boolean;
  canDelete: boolean;
  onAskDelete: (id: number) => void;
}

export function CourseCard({ course, eagerImage, canDelete, onAskDelete }: CourseCardProps) {
  const id = useId();
  const lecturers = lecturerNames(course.lecturer);
  const price = coursePrice(course.price);
  const abroad = course.country.isoCode !== HOME_COUNTRY;
  return (
    <article className="course-card" aria-labelledby={`${id}-title`}>
      <img
        className="course-card__image"
        src={course.imageCardPath}
        srcSet={`${course.imageCardPath} ${IMAGE_WIDTH}w, ${course.imagePath} 1600w`}
        sizes={IMAGE_SIZES}
        width={IMAGE_WIDTH}
        height={IMAGE_HEIGHT}
        loading={eagerImage ? 'eager' : 'lazy'}
        fetchPriority={eagerImage ? 'high' : undefined}
        decoding="async"
        alt=""
      />
      <div className="course-card__body">
        <h2 id={`${id}-title`} className="course-card__title">
          {course.title}
        </h2>
        <dl className="course-card__facts">
          <CourseDates start={course.startDate} end={course.endDate} />
          <Fact term={coursesMessages.location}>{course.location}</Fact>
          {abroad && (
            <Fact term={coursesMessages.country}>{countryName(course.country.isoCode)}</Fact>
          )}
          {lecturers.length > 0 && (
            <Fact
              term={lecturers.length > 1 ? coursesMessages.lecturers : coursesMessages.lecturer}
            >
              {lecturers.join(', ')}
            </Fact>
          )}
          {price && <Fact term={coursesMessages.price}>{price}</Fact>}
        </dl>
        <div className="course-card__description">
          {paragraphs(course.description).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        {course.pdfPath && (
          <p>
            <a
              className="course-card__pdf"
              href={course.pdfPath}
              target="_blank"
              rel="noopener"
              type="application/pdf"
            >
              {coursesMessages.pdf}
              <span className="visually-hidden"> {coursesMessages.opensInNewTab}</span>
            </a>
          </p>
        )}
        <footer className="course-card__footer">
          <p className="course-card__published">
            {coursesMessages.published}{' '}
            <time dateTime={course.createdAt}>{publicationDate(course.createdAt)}</time>
          </p>
          {canDelete && (
            <button
              type="button"
              className="button button--secondary course-card__delete"
              aria-label={coursesMessages.deleteCourse(course.title)}
              onClick={() => onAskDelete(course.id)}
            >
              {coursesMessages.delete}
            </button>
          )}
        </footer>
      </div>
    </article>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="course-card__fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One date with its hours for a single-day course; otherwise start and end, each with its time. */
function CourseDates({ start, end }: { start: string; end: string }) {
  if (isSingleDay(start, end)) {
    const hours = singleDayHours(start, end);
    return (
      <>
        <Fact term={coursesMessages.date}>
          <time dateTime={start}>{courseDate(start)}</time>
        </Fact>
        {hours && <Fact term={coursesMessages.time}>{hours}</Fact>}
      </>
    );
  }
  return (
    <>
      <Fact term={coursesMessages.start}>
        <time dateTime={start}>{dateWithTime(start)}</time>
      </Fact>
      <Fact term={coursesMessages.end}>
        <time dateTime={end}>{dateWithTime(end)}</time>
      </Fact>
    </>
  );
}

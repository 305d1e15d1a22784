/**
 * Courses: the public list (cached, list-cache.ts), creation from the received form with its
 * image and optional PDF, and deletion with its files.
 */
import { courseSchema, type Course } from '../../src/api/contract.ts';
import type { Clock } from '../clock.ts';
import { audited } from '../audit/log.ts';
import { offeredCountries } from '../countries/store.ts';
import type { Db } from '../db/database.ts';
import type { CourseRow } from '../db/schema.ts';
import { DomainError, MESSAGES, ValidationError } from '../http/errors.ts';
import type { Media, StagedMedia } from '../media/service.ts';
import { contentVersion } from '../content-versions/store.ts';
import { cachedList, type CachedList } from './list-cache.ts';
import { COURSES_VERSION, deleteCourse, insertCourse, listCourses } from './store.ts';
import { parseCourseForm, type CourseFormInput } from './validation.ts';

export const COURSE_MEDIA_COLLECTION = 'courses';

export interface CoursesService {
  /** The serialised public list, never older than the last committed write. */
  readonly list: CachedList;
  /**
   * Checks the received form and stores the course with its files; `staged` removes the files
   * again when anything fails (media/service.ts).
   */
  create(form: CourseFormInput, staged: StagedMedia): Promise<Course>;
  delete(id: number): Promise<void>;
}

export interface CoursesServiceDeps {
  db: Db;
  media: Media;
  now: Clock;
}

export function coursesService(deps: CoursesServiceDeps): CoursesService {
  const { db, media, now } = deps;
  const toCourse = courseAnswer(media);
  /**
   * The answer is checked against the contract inside the insert's transaction: a row the
   * contract cannot express (it would be a 500 here and break the public list) is never stored.
   */
  const answerable = (row: CourseRow) => void courseSchema.parse(toCourse(row));
  return {
    list: cachedList(contentVersion(db, COURSES_VERSION), async () =>
      (await listCourses(db)).map(toCourse),
    ),

    async create(input, staged) {
      const offered = new Set(await offeredCountries(db));
      const parsed = parseCourseForm(input, now(), (isoCode) => offered.has(isoCode));
      if (!parsed.ok) throw new ValidationError(parsed.errors);
      const { form } = parsed;
      const image = await staged.storeImage(form.image, COURSE_MEDIA_COLLECTION);
      const pdfKey = form.pdf && (await staged.storePdf(form.pdf, COURSE_MEDIA_COLLECTION));
      const row = await audited(
        db,
        (trx) =>
          insertCourse(
            trx,
            {
              title: form.title,
              description: form.description,
              lecturer: form.lecturer,
              location: form.location,
              country_iso_code: form.countryIsoCode,
              start_date: form.startDate.toISOString(),
              end_date: form.endDate.toISOString(),
              price_cents: form.priceCents,
              image_key: image.key,
              image_card_key: image.cardKey,
              pdf_key: pdfKey ?? null,
              created_at: now().toISOString(),
            },
            answerable,
          ),
        (row) => ({ kind: 'course', action: 'create', objectId: row.id, summary: row.title }),
      );
      return toCourse(row);
    },

    async delete(id) {
      const keys = await deleteCourse(db, id);
      if (keys === undefined) throw new DomainError(404, MESSAGES.courseNotFound);
      await media.deleteMedia(keys);
    },
  };
}

/** A stored row as SPEC 3 answers it: URLs for keys, euros for cents. */
export function courseAnswer(media: Pick<Media, 'url'>) {
  return (row: CourseRow): Course => ({
    id: row.id,
    title: row.title,
    description: row.description,
    lecturer: row.lecturer,
    location: row.location,
    imagePath: media.url(row.image_key),
    imageCardPath: media.url(row.image_card_key),
    pdfPath: row.pdf_key === null ? null : media.url(row.pdf_key),
    startDate: row.start_date,
    endDate: row.end_date,
    price: row.price_cents === null ? null : row.price_cents / 100,
    country: { isoCode: row.country_iso_code },
    createdAt: row.created_at,
  });
}

/**
 * The `/api/v1/courses` calls of SPEC 7: the list, adding one (multipart with the field names of
 * the contract) and deleting one, bound to the one API client (`createApi`).
 */
import type { ApiClient } from './client.ts';
import {
  COURSE_FIELDS,
  courseListSchema,
  createCourseResponseSchema,
  type Course,
} from './contract.ts';

/** What POST /courses takes: dates as ISO instants, the price as "12.5" or empty for none. */
export interface CreateCourseRequest {
  title: string;
  description: string;
  countryIsoCode: string;
  lecturer: string;
  location: string;
  startDate: string;
  endDate: string;
  price: string;
  image: File;
  pdf: File | null;
}

export function coursesApi(client: ApiClient) {
  return {
    listCourses: (): Promise<Course[]> => client.get('/courses', courseListSchema),
    createCourse: (request: CreateCourseRequest): Promise<Course> =>
      client.postMultipart('/courses', courseForm(request), createCourseResponseSchema),
    async deleteCourse(id: number): Promise<void> {
      await client.delete(`/courses/${id}`);
    },
  };
}

function courseForm(request: CreateCourseRequest): FormData {
  const form = new FormData();
  form.append(COURSE_FIELDS.title, request.title);
  form.append(COURSE_FIELDS.description, request.description);
  form.append(COURSE_FIELDS.countryIsoCode, request.countryIsoCode);
  form.append(COURSE_FIELDS.lecturer, request.lecturer);
  form.append(COURSE_FIELDS.location, request.location);
  form.append(COURSE_FIELDS.startDate, request.startDate);
  form.append(COURSE_FIELDS.endDate, request.endDate);
  form.append(COURSE_FIELDS.price, request.price);
  form.append(COURSE_FIELDS.image, request.image);
  if (request.pdf) form.append(COURSE_FIELDS.pdf, request.pdf);
  return form;
}

/**
 * The `/api/v1/courses` calls of SPEC 7: the list, adding one (multipart with the field names of
 * the contract) and deleting one. Each takes the one API client; containers inject them as actors.
 */
import type { ApiClient } from './client.ts';
import {
  COURSE_FIELDS,
  courseListSchema,
  createCourseResponseSchema,
  type Course,
} from './contract.ts';

export function listCourses(api: ApiClient): Promise<Course[]> {
  return api.get('/courses', courseListSchema);
}

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

export function createCourse(api: ApiClient, request: CreateCourseRequest): Promise<Course> {
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
  return api.postMultipart('/courses', form, createCourseResponseSchema);
}

export async function deleteCourse(api: ApiClient, id: number): Promise<void> {
  await api.delete(`/courses/${id}`);
}

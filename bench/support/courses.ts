/** Courses for a bench to list, created as the administrator creates them (the real API). */
import sharp from 'sharp';
import { REQUEST_TIMEOUT_MS, courseForm } from './api-client.ts';

/** `count` courses created by the administrator through the multipart API, each with an image. */
export async function createCourses(baseUrl: string, token: string, count: number): Promise<void> {
  const image = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: '#e30613' },
  })
    .jpeg()
    .toBuffer();
  for (let index = 0; index < count; index++) {
    const title = `Tečaj broj ${index + 1}: suvremeni postupci u dentalnoj medicini`;
    const response = await fetch(`${baseUrl}/api/v1/courses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: courseForm(index, title, image),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.status !== 201) {
      throw new Error(`course ${index}: ${response.status} ${await response.text()}`);
    }
  }
}

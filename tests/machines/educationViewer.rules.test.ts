import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Education } from '../../src/api/contract.ts';
import {
  educationViewerMachine,
  parseEducationId,
  selectViewerVideo,
} from '../../src/machines/educationViewer.machine.ts';
import { anEducation } from '../support/educations.ts';

/** What the viewer shows right after loading an education with this video URL. */
async function firstVideo(videoUrl: string) {
  const education: Education = anEducation({ id: 5, title: 'Video', videoUrl, thumbnailUrl: null });
  const checked: string[] = [];
  const actor = createActor(
    educationViewerMachine.provide({
      actors: {
        loadEducation: fromPromise(() => Promise.resolve(education)),
        checkVideo: fromPromise(({ input }: { input: { url: string } }) => {
          checked.push(input.url);
          return new Promise<undefined>(() => undefined);
        }),
      },
    }),
    { input: { educationId: '5' } },
  ).start();
  await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
  return { video: selectViewerVideo(actor.getSnapshot()), checked };
}

describe('the 11-character video id at its boundaries (SPEC 9)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=abcdefghij', 'ten characters'],
    ['https://www.youtube.com/watch?v=abcdefghijkl', 'twelve characters'],
    ['https://www.youtube.com/watch?v=abcdefghij!', 'a character outside the id alphabet'],
    ['https://youtu.be/abcdefghij', 'a ten-character short link'],
    ['https://www.youtube.com/shorts/abcdefghijkl', 'a twelve-character short'],
    ['ftp://www.youtube.com/watch?v=abcdefghijk', 'another scheme'],
  ])('treats %s (%s) as a file to check, not as the site', async (url) => {
    const { video, checked } = await firstVideo(url);
    expect(video).toEqual({ kind: 'checking' });
    expect(checked).toEqual([url]);
  });

  it.each([
    ['https://www.youtube.com/watch?v=abcdefghijk', 'abcdefghijk'],
    ['https://youtu.be/A_b-C_d-E_f', 'A_b-C_d-E_f'],
    ['https://www.youtube.com/embed/01234567890?start=5', '01234567890'],
    ['https://youtube.com/shorts/zzzzzzzzzzz', 'zzzzzzzzzzz'],
  ])('previews %s and embeds id %s only through the no-cookie host', async (url, id) => {
    const { video, checked } = await firstVideo(url);
    expect(video).toEqual({
      kind: 'sitePreview',
      thumbnailUrl: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    });
    expect(checked).toEqual([]);
  });
});

describe('the education id of the route', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['999999999999999', 999999999999999],
  ])('reads %s as %d', (text, id) => {
    expect(parseEducationId(text)).toBe(id);
  });

  it.each(['0', '01', '-1', '1.5', '1e3', ' 1', 'abc', '', '1234567890123456'])(
    'reads %j as no education',
    (text) => {
      expect(parseEducationId(text)).toBeNaN();
    },
  );
});

import { describe, expect, it } from 'vitest';
import {
  accessRightsUpdateSchema,
  EDUCATION_RULES,
  educationPatchSchema,
  uploadIdOf,
  videoSiteEmbedUrl,
  videoSiteThumbnailUrl,
  videoSiteVideoId,
} from './contract.ts';

describe('the video-sharing site (SPEC 7, 9)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=a-b_c123456', 'a-b_c123456'],
    ['https://youtu.be/dQw4w9WgXcQ?si=x', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ/', 'dQw4w9WgXcQ'],
  ])('reads the video id of %s', (url, id) => {
    expect(videoSiteVideoId(url)).toBe(id);
  });

  it.each([
    '/api/v1/educations/1/stream/k3y/1/1795000000/c2lnbmF0dXJl/master.m3u8',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQx',
    'https://www.youtube.com/playlist?list=dQw4w9WgXcQ',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ/extra',
  ])('finds no video id in %s', (url) => {
    expect(videoSiteVideoId(url)).toBeNull();
  });

  it('embeds through the no-cookie host and takes thumbnails from the image host', () => {
    expect(videoSiteEmbedUrl('dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(videoSiteThumbnailUrl('dQw4w9WgXcQ')).toBe(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
  });
});

describe('education writes (issue 13)', () => {
  it('takes a merge patch of the five texts, trimmed, and null for the two optional ones', () => {
    expect(
      educationPatchSchema.parse({
        title: '  Implantologija ',
        dateOfRecording: null,
        subtitleLanguage: null,
      }),
    ).toEqual({ title: 'Implantologija', dateOfRecording: null, subtitleLanguage: null });
    expect(educationPatchSchema.parse({ dateOfRecording: '2024-03' })).toEqual({
      dateOfRecording: '2024-03',
    });
  });

  it.each([
    [{ title: 'ab' }, 'title must be at least 3 characters long.'],
    [{ title: 'x'.repeat(EDUCATION_RULES.titleMaxLength + 1) }, 'title must be at most 200'],
    [{ description: 'abcd' }, 'description must be at least 5'],
    [{ lecturer: ' a ' }, 'lecturer must be at least 2'],
    [{ dateOfRecording: '2024-13' }, 'dateOfRecording must be a year and month'],
    [{ subtitleLanguage: 'x'.repeat(101) }, 'subtitleLanguage must be at most 100'],
    [{ title: null }, 'title must be a text.'],
    [{ thumbnailUrl: '/media/x.webp' }, 'The patch may set only title, description'],
    [[], 'The patch must be a JSON object.'],
  ])('refuses the patch %j', (patch, message) => {
    const result = educationPatchSchema.safeParse(patch);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('takes a list of user ids for the access rights, and an empty one', () => {
    expect(accessRightsUpdateSchema.parse({ userIds: [] })).toEqual({ userIds: [] });
    expect(accessRightsUpdateSchema.safeParse({ userIds: [1.5] }).success).toBe(false);
    expect(accessRightsUpdateSchema.safeParse({ userIds: [0] }).success).toBe(false);
    const tooMany = Array.from({ length: EDUCATION_RULES.accessUsersMax + 1 }, (_, i) => i + 1);
    expect(accessRightsUpdateSchema.safeParse({ userIds: tooMany }).success).toBe(false);
  });

  it('reads the upload id from the tus upload URL, absolute or not', () => {
    expect(uploadIdOf('http://localhost:3000/api/v1/uploads/3f2a9c')).toBe('3f2a9c');
    expect(uploadIdOf('/api/v1/uploads/3f2a9c')).toBe('3f2a9c');
  });
});

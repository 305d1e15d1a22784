import { describe, expect, it } from 'vitest';
import { videoSiteEmbedUrl, videoSiteThumbnailUrl, videoSiteVideoId } from './contract.ts';

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
    '/api/v1/educations/1/video?user=1&expires=1&signature=s',
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

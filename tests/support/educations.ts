/** Educations as GET /educations answers them, for the machine and view tests. */
import type { Education } from '../../src/api/contract.ts';
import type { StoredSession } from '../../src/machines/authSession.machine.ts';

export function anEducation(
  overrides: Partial<Education> & Pick<Education, 'id' | 'title'>,
): Education {
  return {
    description: 'Snimka predavanja za doktore dentalne medicine.',
    lecturer: 'dr. sc. Ana Horvat',
    dateOfRecording: '2024-03',
    createdAt: '2026-10-01T10:00:00.000Z',
    country: { isoCode: 'SI' },
    subtitleLanguage: 'engleski',
    partner: { id: 1, name: 'Alpavera', logoUrl: '/media/partners/alpavera.webp' },
    // With no upload (`stream: null`) the server answers the video site address it was given.
    videoUrl: `https://www.youtube.com/watch?v=dQw4w9WgXcQ`,
    thumbnailUrl: `/media/educations/${overrides.id}.webp`,
    stream: null,
    captions: [],
    ...overrides,
  };
}

/** A logged-in plain user, as the stored session holds them. */
export const educationViewer: StoredSession = {
  user: { id: 7, name: 'Iva', surname: 'Kovač', email: 'iva@primjer.hr', roles: ['user'] },
  tokens: { accessToken: 'access', refreshToken: 'refresh' },
};

/** The educations the admin's picker and delete screens choose from. */
export const ADMIN_EDUCATIONS = [
  anEducation({ id: 12, title: 'Implantologija danas' }),
  anEducation({ id: 5, title: 'Endodoncija u praksi', lecturer: 'dr. Ivo Kovač' }),
];

/** An upload's transcode as the server reports it, in one of its states. */
export type TranscodeState = NonNullable<Education['stream']>['state'];
export const stream = (state: TranscodeState, progress = 0) => ({
  state,
  progress,
  failure: state === 'failed' ? 'ffmpeg nije mogao pročitati video.' : null,
  playlistUrl: state === 'ready' ? '/api/v1/educations/7/stream/master.m3u8' : null,
  posterUrl: null,
  renditions: state === 'ready' ? [360] : [],
  durationSeconds: null,
  width: null,
  height: null,
});

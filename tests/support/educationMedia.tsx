/**
 * The education edit page's video section (issue 27) under test: educations with an uploaded
 * video in each transcode state, caption files, and the section rendered with fake API calls.
 * Its two machines each load the education: `otherLoad` answers the load of the machine a test
 * does not walk, so the walked machine's calls are the fake's only ones.
 */
import { screen } from '@testing-library/react';
import type { Education } from '../../src/api/contract.ts';
import { EducationMediaContainer } from '../../src/app/EducationMediaContainer.tsx';
import type { CaptionUpload } from '../../src/machines/educationCaptions.machine.ts';
import { messages } from '../../src/messages.ts';
import { anEducation, stream, type TranscodeState } from './educations.ts';
import { fakePromiseActor } from './model-based.ts';
import { renderWithEffects } from './render-with-effects.tsx';

const text = messages.educationAdmin;

const caption = (language: string) => ({
  language,
  url: `/api/v1/educations/7/stream/k/1/2/s/captions/${language}.vtt`,
});
export const uploaded = (state: TranscodeState, languages: string[], progress = 0) =>
  anEducation({
    id: 7,
    title: 'Protetika',
    stream: stream(state, progress),
    captions: languages.map(caption),
  });

export const fakes = {
  loadEducation: fakePromiseActor<Education, number>(),
  putCaptions: fakePromiseActor<Education, CaptionUpload>(),
  removeCaptions: fakePromiseActor<undefined, { id: number; language: string }>(),
  retryTranscode: fakePromiseActor<Education, number>(),
};

/**
 * Renders the section. The container starts the transcode watch first, then the captions: the
 * load numbered `otherLoad` (0 or 1) is answered at once with `other`; every other goes to the fake.
 */
export function renderMediaSection(otherLoad: 0 | 1, other: Education) {
  let loads = 0;
  return renderWithEffects(<EducationMediaContainer educationId={7} />, {
    path: '/admin/educations/update/7',
    api: {
      educations: {
        getEducation: (id: number) =>
          loads++ === otherLoad ? Promise.resolve(other) : fakes.loadEducation.fn(id),
        putCaptions: (id: number, language: string, file: File) =>
          fakes.putCaptions.fn({ id, language, file }),
        removeCaptions: (id: number, language: string) =>
          fakes.removeCaptions.fn({ id, language }).then(() => undefined),
        retryTranscode: fakes.retryTranscode.fn,
      },
    },
  });
}

export const section = () => screen.queryByRole('region', { name: text.streamStates });
export const retryTranscodeButton = () =>
  screen.queryByRole('button', { name: text.retryTranscodeOf('Protetika') });

import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Education } from '../../src/api/contract.ts';
import { messages } from '../../src/messages.ts';
import { EducationPickerPage } from '../../src/views/EducationPickerPage.tsx';
import { anEducation } from '../support/educations.ts';

const text = messages.educationAdmin;
const stream = (
  state: NonNullable<Education['stream']>['state'],
  progress = 0,
  failure: string | null = null,
) => ({
  state,
  progress,
  failure,
  playlistUrl: null,
  posterUrl: null,
  renditions: [],
  durationSeconds: null,
  width: null,
  height: null,
});

describe('EducationPickerPage transcode states (issue 27)', () => {
  it("says each upload's state, rounds the progress, and retries a failed one", async () => {
    const onRetryTranscode = vi.fn();
    render(
      <EducationPickerPage
        loading={false}
        loadFailed={false}
        educations={[
          anEducation({ id: 1, title: 'S weba' }),
          anEducation({ id: 2, title: 'Čeka', stream: stream('queued') }),
          anEducation({ id: 3, title: 'Radi', stream: stream('processing', 41.6) }),
          anEducation({ id: 4, title: 'Gotovo', stream: stream('ready', 100) }),
          anEducation({ id: 5, title: 'Pala', stream: stream('failed', 10, 'Nema videa.') }),
        ]}
        onRetry={() => undefined}
        onChoose={() => undefined}
        onRetryTranscode={onRetryTranscode}
      />,
    );
    const items = screen.getByRole('region', { name: text.streamStates }).querySelectorAll('li');
    expect(Array.from(items, (item) => item.textContent)).toEqual([
      '[#2] Čeka: U redu čekanja',
      '[#3] Radi: U obradi… 42 %',
      '[#4] Gotovo: Spremno',
      '[#5] Pala: Obrada nije uspjela: Nema videa. Pokušaj ponovno',
    ]);
    await userEvent.click(screen.getByRole('button', { name: text.retryTranscodeOf('Pala') }));
    expect(onRetryTranscode).toHaveBeenCalledWith(5);
  });
});

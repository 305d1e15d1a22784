import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ViewerVideo } from '../../src/machines/educationViewer.machine.ts';
import { messages } from '../../src/messages.ts';
import { EducationViewer } from '../../src/views/EducationViewer.tsx';
import { anEducation, stream as streamState } from '../support/educations.ts';

const text = messages.educations;
const education = anEducation({ id: 3, title: 'Implantologija danas' });
const stream: ViewerVideo = {
  kind: 'stream',
  playlistUrl: '/s/master.m3u8',
  startAt: 0,
  autoPlay: false,
  posterUrl: '/s/poster.jpg',
  renditions: [360, 720, 1080],
  quality: null,
  captions: [
    { language: 'hr', url: '/c/hr.vtt' },
    { language: 'en', url: '/c/en.vtt' },
  ],
  captionLanguage: null,
};

function renderStream(video: ViewerVideo = stream) {
  const handlers = {
    onQuality: vi.fn(),
    onCaptions: vi.fn(),
    onVideoElement: vi.fn(),
  };
  render(
    <EducationViewer
      video={video}
      education={education}
      details="hidden"
      onPlay={() => undefined}
      onVideoReady={() => undefined}
      onVideoFailed={() => undefined}
      {...handlers}
    />,
  );
  return handlers;
}

describe('EducationViewer with an HLS stream (issue 27)', () => {
  it('gives the element to the stream player and sets no source itself', () => {
    const { onVideoElement } = renderStream();
    const video = document.querySelector('video');
    expect(onVideoElement).toHaveBeenCalledWith(video);
    expect(video).not.toHaveAttribute('src');
    expect(video).toHaveAttribute('poster', '/s/poster.jpg');
  });

  it('tells the stream player each element once, however often it renders, and a renewed one again', () => {
    const told: HTMLVideoElement[] = [];
    // A new callback every render, as the container passes it.
    const view = (video: ViewerVideo, quality: number | null = null) => (
      <EducationViewer
        video={video.kind === 'stream' ? { ...video, quality } : video}
        education={education}
        details="hidden"
        onPlay={() => undefined}
        onVideoReady={() => undefined}
        onVideoFailed={() => undefined}
        onVideoElement={(element) => told.push(element)}
      />
    );
    const { rerender } = render(view(stream));
    const first = document.querySelector('video');
    rerender(view(stream, 720));
    rerender(view(stream, 360));
    expect(told).toEqual([first]);
    // The renewal path: a fresh playlist address is a new element, attached afresh.
    rerender(view({ ...stream, playlistUrl: '/s2/master.m3u8', startAt: 42.5, autoPlay: true }));
    const renewed = document.querySelector('video');
    expect(renewed).not.toBe(first);
    expect(told).toEqual([first, renewed]);
  });

  it('says an upload is still being processed, with its progress', () => {
    renderStream({
      kind: 'processing',
      stream: { ...streamState('processing', 42) },
    });
    expect(screen.getByRole('status')).toHaveTextContent(text.videoProcessing);
    expect(screen.getByText('U obradi… 42 %')).toBeVisible();
    expect(document.querySelector('video')).toBeNull();
  });

  it('lists a captions track per language, named in Croatian', () => {
    renderStream();
    const tracks = Array.from(document.querySelectorAll('track'), (track) => [
      track.getAttribute('kind'),
      track.getAttribute('srclang'),
      track.getAttribute('label'),
      track.getAttribute('src'),
    ]);
    expect(tracks).toEqual([
      ['captions', 'hr', 'hrvatski', '/c/hr.vtt'],
      ['captions', 'en', 'engleski', '/c/en.vtt'],
    ]);
  });

  it('offers the qualities and the captions in labelled selects', () => {
    const { onQuality, onCaptions } = renderStream();
    const quality = screen.getByRole('combobox', { name: text.quality });
    expect(Array.from(quality.querySelectorAll('option'), (o) => o.textContent)).toEqual([
      'Automatski',
      '360p',
      '720p',
      '1080p',
    ]);
    fireEvent.change(quality, { target: { value: '720' } });
    expect(onQuality).toHaveBeenLastCalledWith(720);
    fireEvent.change(quality, { target: { value: '' } });
    expect(onQuality).toHaveBeenLastCalledWith(null);
    const captions = screen.getByRole('combobox', { name: text.captions });
    expect(Array.from(captions.querySelectorAll('option'), (o) => o.textContent)).toEqual([
      'Isključeno',
      'hrvatski',
      'engleski',
    ]);
    fireEvent.change(captions, { target: { value: 'en' } });
    expect(onCaptions).toHaveBeenLastCalledWith('en');
  });

  it('shows no quality select for one rendition and no captions select without captions', () => {
    renderStream({ ...stream, renditions: [360], captions: [] });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.querySelector('track')).toBeNull();
  });
});

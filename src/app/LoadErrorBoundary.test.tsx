/** A lazy page whose code fails to load: the message, then the retry that imports again. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shellMessages } from '../messages/shell.ts';
import { LoadErrorBoundary } from './LoadErrorBoundary.tsx';
import { retryableLazy } from './retryableLazy.tsx';

const chunkError = new TypeError('Failed to fetch dynamically imported module');

function Greeting({ name }: { name: string }) {
  return <h1>Dobar dan, {name}</h1>;
}

afterEach(() => vi.restoreAllMocks());

describe('LoadErrorBoundary with retryableLazy', () => {
  it('shows the message for a failed load and imports again on retry', async () => {
    // React reports an error its boundary caught; here that report is expected.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(chunkError)
      .mockResolvedValue({ Greeting });
    const LazyGreeting = retryableLazy(load, (module) => module.Greeting);

    render(
      <LoadErrorBoundary size="page">
        <Suspense fallback={<p>{shellMessages.loadingConfig}</p>}>
          <LazyGreeting name="Ana" />
        </Suspense>
      </LoadErrorBoundary>,
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(shellMessages.loadFailed);
    expect(screen.getByRole('heading', { level: 1, name: shellMessages.loadFailed })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
    expect(reported).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: shellMessages.retry }));
    expect(await screen.findByRole('heading', { name: 'Dobar dan, Ana' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a loaded component without importing again', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const LazyGreeting = retryableLazy(load, (module) => module.Greeting);
    const { unmount } = render(
      <Suspense fallback={null}>
        <LazyGreeting name="Ana" />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Dobar dan, Ana' })).toBeVisible();
    unmount();
    render(
      <Suspense fallback={null}>
        <LazyGreeting name="Iva" />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Dobar dan, Iva' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

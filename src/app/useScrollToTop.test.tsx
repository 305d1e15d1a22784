import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollToTop } from './useScrollToTop.ts';

const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
afterEach(() => scrollTo.mockClear());

describe('useScrollToTop', () => {
  it('leaves the page the browser loaded where the visitor has scrolled it', () => {
    renderHook(() => useScrollToTop('/katalozi'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the top when the app moves to another page, not when it stays', () => {
    const { rerender } = renderHook(({ path }) => useScrollToTop(path), {
      initialProps: { path: '/' },
    });
    rerender({ path: '/info' });
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, left: 0 });
    rerender({ path: '/info' });
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('keeps an admin sub-page where it is', () => {
    const { rerender } = renderHook(({ path }) => useScrollToTop(path), {
      initialProps: { path: '/admin/newsletter' },
    });
    rerender({ path: '/admin/partneri' });
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

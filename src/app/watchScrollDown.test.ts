import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchScrollDown } from './watchScrollDown.ts';

function scrollTo(y: number) {
  window.scrollTo(0, y);
  window.dispatchEvent(new Event('scroll'));
}

describe('watchScrollDown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.scrollTo(0, 500);
  });
  afterEach(() => vi.useRealTimers());

  it('ignores scrolling until the page has been still for 300 ms', () => {
    const onDown = vi.fn();
    const stop = watchScrollDown(window, onDown);
    vi.advanceTimersByTime(200);
    scrollTo(1500);
    vi.advanceTimersByTime(200);
    scrollTo(2500);
    expect(onDown).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    scrollTo(2600);
    expect(onDown).not.toHaveBeenCalled();
    scrollTo(2700);
    expect(onDown).toHaveBeenCalledOnce();
    stop();
  });

  it('counts from the highest point reached, so going up and back a little does not count', () => {
    const onDown = vi.fn();
    const stop = watchScrollDown(window, onDown);
    vi.advanceTimersByTime(300);
    scrollTo(300);
    scrollTo(420);
    expect(onDown).not.toHaveBeenCalled();
    scrollTo(421);
    expect(onDown).toHaveBeenCalledOnce();
    stop();
  });

  it('stops listening when stopped', () => {
    const onDown = vi.fn();
    watchScrollDown(window, onDown)();
    vi.advanceTimersByTime(300);
    scrollTo(5000);
    expect(onDown).not.toHaveBeenCalled();
  });
});

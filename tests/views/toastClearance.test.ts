import { describe, expect, it } from 'vitest';
import { scrollToClear, TOAST_CLEARANCE_PX } from '../../src/app/toastClearance.ts';

/** A toast stack at the bottom of a 375 × 812 phone. */
const toasts = { top: 700, bottom: 796, left: 16, right: 359 };
const control = (top: number, height = 44, left = 32, right = 200) => ({
  top,
  bottom: top + height,
  left,
  right,
});

describe('the scroll that keeps a control clear of the toasts (decision 0053)', () => {
  it('is none for a control above the stack with the gap, below it, or beside it', () => {
    expect(scrollToClear(control(700 - TOAST_CLEARANCE_PX - 44), toasts)).toBe(0);
    expect(scrollToClear(control(796), toasts)).toBe(0);
    expect(scrollToClear(control(720, 44, 360, 400), toasts)).toBe(0);
  });

  it('lifts a covered control, or one too close, to the gap above the stack', () => {
    expect(scrollToClear(control(720), toasts)).toBe(720 + 44 - (700 - TOAST_CLEARANCE_PX));
    expect(scrollToClear(control(700 - 44), toasts)).toBe(TOAST_CLEARANCE_PX);
    expect(scrollToClear(control(650, 200), toasts)).toBe(850 - (700 - TOAST_CLEARANCE_PX));
  });
});

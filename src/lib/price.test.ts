/** Prices as Croatian staff type them, and as the site writes them. */
import { describe, expect, it } from 'vitest';
import { PRICE_MAX_CENTS, formatPrice, parsePrice } from './price.ts';

describe('parsePrice', () => {
  it.each([
    ['49,90', 4990],
    ['49,90 €', 4990],
    ['49,90€', 4990],
    ['49.90', 4990],
    ['49.90 €', 4990],
    ['1.299,00 €', 129900],
    ['1.299', 129900],
    ['1 299,00 €', 129900],
    ['1\u00a0299,00\u00a0€', 129900],
    ['12,5', 1250],
    ['12.5', 1250],
    ['0', 0],
    ['0,00 €', 0],
    ['  7 € ', 700],
    ['9.999.999,99 €', PRICE_MAX_CENTS],
    ['9999999.99', PRICE_MAX_CENTS],
  ])('reads %j as %d cents', (text, cents) => {
    expect(parsePrice(text)).toBe(cents);
  });

  it.each([
    '',
    '€',
    'abc',
    '-5',
    '49,999',
    '49.999.9',
    '1,299.00',
    '1.29.00',
    '12,',
    ',50',
    '10.000.000,00',
    '10000000',
    '49,90 kn',
    '€ 49,90',
    '1.2345,00',
  ])('refuses %j', (text) => {
    expect(parsePrice(text)).toBeUndefined();
  });
});

describe('formatPrice', () => {
  it('writes the Croatian way, with a no-break space before the sign', () => {
    expect(formatPrice(4990)).toBe('49,90\u00a0€');
    expect(formatPrice(129900)).toBe('1.299,00\u00a0€');
    expect(formatPrice(0)).toBe('0,00\u00a0€');
  });

  it('reads back what it writes', () => {
    for (const cents of [0, 1, 99, 4990, 129900, PRICE_MAX_CENTS]) {
      expect(parsePrice(formatPrice(cents))).toBe(cents);
    }
  });
});

/**
 * Prices as Croatians write them and as the site shows them (SPEC 9: hr-HR, euro). Staff type
 * "49,90", "49,90 €", "49.90 €" or "1.299,00 €"; the site stores whole cents and always shows
 * "49,90 €" (with a no-break space before the sign, so the sign never wraps onto its own line).
 */

/** The largest price a form accepts: seven digits of euros, as the old `##.## €` rule allowed. */
export const PRICE_MAX_CENTS = 9_999_999_99;

const priceFormat = new Intl.NumberFormat('hr-HR', { style: 'currency', currency: 'EUR' });

/** "49,90 €" for 4990. */
export const formatPrice = (cents: number) => priceFormat.format(cents / 100);

// Whole euros: up to seven digits, or groups of three split by a dot, a space or a no-break space.
const EUROS = String.raw`\d{1,7}|\d{1,3}(?:[. \u00a0]\d{3})+`;
// Whole euros without dot groups, so that a dot can be the decimal mark.
const EUROS_NO_DOTS = String.raw`\d{1,7}|\d{1,3}(?:[ \u00a0]\d{3})+`;
const WITH_COMMA = new RegExp(`^(${EUROS})(?:,(\\d{1,2}))?$`);
const WITH_DOT = new RegExp(`^(${EUROS_NO_DOTS})\\.(\\d{1,2})$`);

/**
 * The cents a typed price means, or undefined when it is not a price. The decimal mark is a comma,
 * or a dot followed by one or two digits: "1.299" is a thousand two hundred and ninety-nine euros,
 * as a Croatian reads it, and "12.5" is twelve and a half.
 */
export function parsePrice(text: string): number | undefined {
  const amount = text.trim().replace(/\s*€$/, '');
  const match = WITH_COMMA.exec(amount) ?? WITH_DOT.exec(amount);
  if (!match) return undefined;
  const [, euros = '', decimals = ''] = match;
  const digits = euros.replace(/[. \u00a0]/g, '');
  if (digits.length > 7) return undefined;
  return Number(digits) * 100 + Number(decimals.padEnd(2, '0'));
}

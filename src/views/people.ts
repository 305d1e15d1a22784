import type { Employee } from '../data/employees.ts';

/** First and last name, as the cards and the map panel show them. */
export const fullName = (person: Employee) => `${person.firstName} ${person.lastName}`;

/** A phone number as a `tel:` link target (digits and the leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

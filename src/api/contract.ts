/**
 * The wire contract of SPEC section 7: every request and answer as a zod schema.
 * The SPA validates with these, and the server validates with the same ones.
 * `zod/mini` keeps the browser bundle small (classic zod costs about 95 KB gzip).
 *
 * One module per resource under contract/; this index is the one import path of the SPA and
 * the server.
 */
export * from './contract/common.ts';
export * from './contract/form.ts';
export * from './contract/users.ts';
export * from './contract/accountForms.ts';
export * from './contract/courses.ts';
export * from './contract/campaigns.ts';
export * from './contract/products.ts';
export * from './contract/partners.ts';
export * from './contract/educations.ts';
export * from './contract/streams.ts';
export * from './contract/newsletters.ts';
export * from './contract/uploads.ts';
export * from './contract/audit.ts';

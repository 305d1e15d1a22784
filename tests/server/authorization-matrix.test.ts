/**
 * Who may call what, for every route the server registers: the test learns the routes from
 * Fastify's `onRoute` hook and holds one row per route with the status each caller gets
 * (support/route-table.ts). A route without a row fails the test, so a new route cannot ship
 * without deciding who may call it.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  CALLERS,
  FALLBACKS,
  ROWS,
  noteAnswer,
  useRouteTable,
  withCaller,
} from './support/route-table.ts';

const table = useRouteTable();

describe('authorization matrix', () => {
  it('has a row for every registered route and no row for a route that is gone', () => {
    const rows = Object.keys(ROWS);
    expect([...table.registered].filter((route) => !rows.includes(route))).toEqual([]);
    expect(rows.filter((route) => !table.registered.has(route))).toEqual([]);
  });

  const cells = Object.entries({ ...ROWS, ...FALLBACKS }).flatMap(([route, row]) =>
    CALLERS.map((caller) => ({ route, row, caller })),
  );

  it.each(cells)(
    '$route as $caller',
    async ({ route, row, caller }) => {
      const response: LightMyRequestResponse = await table.app.inject(
        withCaller(await row.request(caller), caller),
      );
      expect(response.statusCode, `${route} as ${caller}: ${response.body}`).toBe(
        row.expected[caller],
      );
      if (response.statusCode === 401) expect(response.headers['www-authenticate']).toBe('Bearer');
      noteAnswer(route, response);
    },
    30_000,
  );
});

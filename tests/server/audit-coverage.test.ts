/**
 * Every staff write leaves one audit row (issue 29), checked over the route table the way the
 * authorization matrix checks who may call what: a route whose row says staff may write through
 * it (POST, PUT, PATCH or DELETE that plain users are refused and staff are not) must append
 * exactly one row naming its caller and address, unless it is listed below with the reason. A
 * new write route is in this test as soon as it has its matrix row.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_KINDS } from '../../src/api/contract.ts';
import { ROWS, useRouteTable, withCaller, type Caller, type Row } from './support/route-table.ts';

const table = useRouteTable();

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const succeeds = (status: number) => status >= 200 && status < 300;

/**
 * Writes that change no object staff or visitors see: the bytes of a file not yet part of
 * anything. The education or newsletter that takes them is audited when it is saved.
 */
const NOT_AUDITED: Record<string, string> = {
  'POST /api/v1/uploads': 'opens a tus upload of a video no education uses yet',
  'PATCH /api/v1/uploads/:id': 'appends bytes to an unfinished tus upload',
  'DELETE /api/v1/uploads/:id': 'ends a tus upload no education uses',
  'POST /api/v1/newsletters/image': 'stores a product photo no newsletter uses yet',
};

function staffWriteCaller(route: string, row: Row): Caller | undefined {
  const method = route.split(' ')[0] ?? '';
  if (!WRITE_METHODS.has(method) || succeeds(row.expected.user)) return undefined;
  if (succeeds(row.expected.employee)) return 'employee';
  return succeeds(row.expected.administrator) ? 'administrator' : undefined;
}

const staffWrites = Object.entries(ROWS).flatMap(([route, row]) => {
  const caller = staffWriteCaller(route, row);
  return caller === undefined ? [] : [{ route, row, caller }];
});

async function lastAuditId(): Promise<number> {
  const row = await table.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

describe('audit coverage', () => {
  it('finds the staff writes of the route table, and every exemption is one of them', () => {
    const routes = staffWrites.map((write) => write.route);
    expect(routes).toContain('DELETE /api/v1/products/:id');
    expect(routes).toContain('PUT /api/v1/educations/:id/access-rights');
    expect(routes).not.toContain('POST /api/v1/users/login');
    expect(Object.keys(NOT_AUDITED).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(staffWrites.filter((write) => !(write.route in NOT_AUDITED)))(
    '$route as $caller appends one audit row',
    async ({ route, row, caller }) => {
      // The row's own set-up (a product to delete, ...) may write and audit first.
      const request = withCaller(await row.request(caller), caller);
      const before = await lastAuditId();
      const response = await table.app.inject({
        ...request,
        remoteAddress: '127.0.0.1',
        headers: { ...request.headers, 'x-forwarded-for': '203.0.113.29' },
      });
      expect(response.statusCode, `${route}: ${response.body}`).toBe(row.expected[caller]);
      const rows = await table.db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '>', before)
        .execute();
      expect(rows, route).toHaveLength(1);
      const [audit] = rows;
      expect(audit?.user_id).toBe(table.userIds[caller as Exclude<Caller, 'anonymous'>]);
      expect(audit?.actor_name).toMatch(/\(.+@.+\)$/);
      expect(audit?.address).toBe('203.0.113.29');
      expect(AUDIT_KINDS).toContain(audit?.kind);
      expect(AUDIT_ACTIONS).toContain(audit?.action);
      expect(audit?.summary.length).toBeGreaterThan(0);
    },
    30_000,
  );
});

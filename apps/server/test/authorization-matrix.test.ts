import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, signedUpUser, userIdOf } from './accounts.ts';
import { createTestApp, SAME_ORIGIN, sameOrigin, type TestApp } from './helper.ts';

/**
 * Every route of the OpenAPI document × every kind of caller → the status it must get (guards
 * first, docs/decisions/012).
 * Each request carries a same-origin Origin, a random UUID for every path parameter and, where a
 * body is accepted, `{}`: so a caller with the right gets a 400 or 404 (or a 2xx where `{}` is a
 * whole request), and a caller without it gets its 401 or 403 before any validation.
 * A route without a row, or a row without a route, fails the test.
 */
const ROLES = ['visitor', 'user', 'banned', 'moderator', 'bannedModerator', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Row = Readonly<
  [
    visitor: number,
    user: number,
    banned: number,
    moderator: number,
    bannedModerator: number,
    admin: number,
  ]
>;

const EXPECTED: Record<string, Row> = {
  // Public: the same for everyone.
  'GET /api/health': [200, 200, 200, 200, 200, 200],
  'GET /livez': [200, 200, 200, 200, 200, 200],
  'GET /readyz': [200, 200, 200, 200, 200, 200],
  'GET /api/auth/session': [200, 200, 200, 200, 200, 200],
  // Decision 031: a proof-of-work challenge for anyone about to register or ask for a link.
  'GET /api/auth/challenge': [200, 200, 200, 200, 200, 200],
  'POST /api/auth/register': [400, 400, 400, 400, 400, 400],
  'POST /api/auth/verify-email': [400, 400, 400, 400, 400, 400],
  'POST /api/auth/resend-verification': [400, 400, 400, 400, 400, 400],
  'POST /api/auth/login': [400, 400, 400, 400, 400, 400],
  'POST /api/auth/forgot-password': [400, 400, 400, 400, 400, 400],
  'POST /api/auth/reset-password/check': [400, 400, 400, 400, 400, 400],
  'POST /api/auth/reset-password': [400, 400, 400, 400, 400, 400],
  // The link is opened wherever the mail is read, signed in or not (decision 029).
  'POST /api/account/email/confirm': [400, 400, 400, 400, 400, 400],
  'GET /api/dev/mailbox': [200, 200, 200, 200, 200, 200],
  'GET /api/blog/posts': [200, 200, 200, 200, 200, 200],
  'GET /api/blog/posts/{id}': [404, 404, 404, 404, 404, 404],
  'GET /api/community/posts': [200, 200, 200, 200, 200, 200],
  'GET /api/community/posts/{id}': [404, 404, 404, 404, 404, 404],
  'GET /api/community/posts/{id}/comments': [404, 404, 404, 404, 404, 404],
  'GET /api/community/comments/{id}/thread': [404, 404, 404, 404, 404, 404],
  'GET /api/community/stats': [200, 200, 200, 200, 200, 200],
  'GET /api/community/modlog': [200, 200, 200, 200, 200, 200],
  // The dated words the landing and community pages show (D30): public.
  'GET /api/dated-words': [200, 200, 200, 200, 200, 200],
  // D28: the opt-in leaderboard is public.
  'GET /api/leaderboard': [200, 200, 200, 200, 200, 200],
  // Proof of balances (decision 053): the keys and the records are public; a random UUID is no
  // snapshot id (a number), so 400.
  'GET /api/proof/key': [200, 200, 200, 200, 200, 200],
  'GET /api/proof/snapshots': [200, 200, 200, 200, 200, 200],
  'GET /api/proof/snapshots/{id}': [400, 400, 400, 400, 400, 400],
  // Without the words to search for (q), a 400 to everyone: nothing is refused for who asks.
  'GET /api/community/search': [400, 400, 400, 400, 400, 400],
  'GET /api/admin-auth/bootstrap': [200, 200, 200, 200, 200, 200],
  'POST /api/admin-auth/login': [400, 400, 400, 400, 400, 400],
  // Decision 028: anyone may ask to sign in with a passkey; {} is not an answer.
  'POST /api/auth/passkey/options': [200, 200, 200, 200, 200, 200],
  'POST /api/auth/passkey/login': [400, 400, 400, 400, 400, 400],
  // The second sign-in step (decision 027): `{}` is neither a code nor a recovery code.
  'POST /api/auth/login/two-factor': [400, 400, 400, 400, 400, 400],
  'POST /api/admin-auth/login/two-factor': [400, 400, 400, 400, 400, 400],
  // Signed-in users, banned or not (D9: a banned user may read).
  'GET /api/account': [401, 200, 200, 200, 200, 401],
  'PATCH /api/account': [401, 400, 400, 400, 400, 401],
  'POST /api/account/password': [401, 400, 400, 400, 400, 401],
  'GET /api/account/sessions': [401, 200, 200, 200, 200, 401],
  'DELETE /api/account/sessions/{id}': [401, 400, 400, 400, 400, 401],
  // Ends every session but the caller's, so the caller's cookie goes on working.
  'POST /api/account/sessions/sign-out-others': [401, 204, 204, 204, 204, 401],
  'POST /api/account/reauthenticate': [401, 400, 400, 400, 400, 401],
  // The roles have just signed in, which counts as entering the password.
  'GET /api/account/export': [401, 200, 200, 200, 200, 401],
  // Passkeys (decision 028): a banned member may still secure the account, as with the password.
  'GET /api/account/passkeys': [401, 200, 200, 200, 200, 401],
  'POST /api/account/passkeys/registration-options': [401, 200, 200, 200, 200, 401],
  'POST /api/account/passkeys': [401, 400, 400, 400, 400, 401],
  'PATCH /api/account/passkeys/{id}': [401, 400, 400, 400, 400, 401],
  'DELETE /api/account/passkeys/{id}': [401, 404, 404, 404, 404, 401],
  // Without a passkey of their own, nothing to confirm with.
  'POST /api/account/reauthenticate/passkey/options': [401, 400, 400, 400, 400, 401],
  'POST /api/account/reauthenticate/passkey': [401, 400, 400, 400, 400, 401],
  // A member's own two-factor (decision 027); a banned member may still secure the account.
  'GET /api/account/two-factor': [401, 200, 200, 200, 200, 401],
  'POST /api/account/two-factor/enrolment': [401, 200, 200, 200, 200, 401],
  'POST /api/account/two-factor/enrolment/confirm': [401, 400, 400, 400, 400, 401],
  // Nothing to replace while two-factor is off.
  'POST /api/account/two-factor/recovery-codes': [401, 409, 409, 409, 409, 401],
  'POST /api/account/two-factor/disable': [401, 400, 400, 400, 400, 401],
  // Decision 029: a banned member may still change the address or leave.
  'POST /api/account/email': [401, 400, 400, 400, 400, 401],
  'POST /api/account/delete': [401, 400, 400, 400, 400, 401],
  'GET /api/mining/status': [401, 200, 200, 200, 200, 401],
  // Decision 060: the member's own streak and calendar.
  'GET /api/mining/streak': [401, 200, 200, 200, 200, 401],
  // D28: the member's own rank, and the choice to appear (`{}` is no choice); banned members may
  // choose too, though the board leaves them out.
  'GET /api/leaderboard/me': [401, 200, 200, 200, 200, 401],
  'PUT /api/account/leaderboard': [401, 400, 400, 400, 400, 401],
  'POST /api/mining/stop': [401, 400, 400, 400, 400, 401],
  'POST /api/cleanup-mining-session': [401, 400, 400, 400, 400, 401],
  'GET /api/wallet': [401, 200, 200, 200, 200, 401],
  'GET /api/wallet/transactions': [401, 200, 200, 200, 200, 401],
  // The caller's own proof (it holds their secret leaf key): no snapshot yet, so 404; staff get none.
  'GET /api/wallet/proof': [401, 404, 404, 404, 404, 401],
  'GET /api/referrals/stats': [401, 200, 200, 200, 200, 401],
  'DELETE /api/community/posts/{id}': [401, 404, 404, 404, 404, 401],
  'DELETE /api/community/comments/{id}': [401, 404, 404, 404, 404, 401],
  'GET /api/events': [401, 200, 200, 200, 200, 401],
  // A member's own notifications; staff-only admin accounts have none (D9: banned members read).
  'GET /api/notifications': [401, 200, 200, 200, 200, 401],
  'GET /api/notifications/unread': [401, 200, 200, 200, 200, 401],
  'POST /api/notifications/{id}/read': [401, 404, 404, 404, 404, 401],
  'POST /api/notifications/read-all': [401, 200, 200, 200, 200, 401],
  // Decision 063: a member's own push switches and devices, as their notifications.
  'GET /api/push': [401, 200, 200, 200, 200, 401],
  'PUT /api/push/preferences': [401, 400, 400, 400, 400, 401],
  'POST /api/push/subscriptions': [401, 400, 400, 400, 400, 401],
  'DELETE /api/push/subscriptions/{id}': [401, 404, 404, 404, 404, 401],
  // Signed-in users who are not banned (D9: they cannot mine, post, comment, vote or upload).
  'POST /api/mining/start': [401, 201, 403, 201, 403, 401],
  'POST /api/mining/ping': [401, 400, 403, 400, 403, 401],
  'POST /api/community/posts': [401, 400, 403, 400, 403, 401],
  'POST /api/community/posts/{id}/vote': [401, 400, 403, 400, 403, 401],
  'POST /api/community/posts/{id}/comments': [401, 400, 403, 400, 403, 401],
  'POST /api/community/comments/{id}/vote': [401, 400, 403, 400, 403, 401],
  'POST /api/community/images': [401, 415, 403, 415, 403, 401],
  // Editing one's own post ({} changes nothing, so a missing post is a 404) or comment.
  'PATCH /api/community/posts/{id}': [401, 404, 403, 404, 403, 401],
  'PATCH /api/community/comments/{id}': [401, 400, 403, 400, 403, 401],
  'POST /api/community/posts/{id}/reports': [401, 400, 403, 400, 403, 401],
  'POST /api/community/comments/{id}/reports': [401, 400, 403, 400, 403, 401],
  // Admins, and moderators who are not banned (D7): the blog and community moderation.
  'GET /api/admin-auth/me': [401, 403, 403, 200, 403, 200],
  'GET /api/admin/blog/posts': [401, 403, 403, 200, 403, 200],
  'POST /api/admin/blog/posts': [401, 403, 403, 400, 403, 400],
  'GET /api/admin/blog/posts/{id}': [401, 403, 403, 404, 403, 404],
  'PUT /api/admin/blog/posts/{id}': [401, 403, 403, 400, 403, 400],
  'DELETE /api/admin/blog/posts/{id}': [401, 403, 403, 404, 403, 404],
  'POST /api/admin/media/blog-cover': [401, 403, 403, 415, 403, 415],
  'GET /api/admin/community/posts': [401, 403, 403, 200, 403, 200],
  'PATCH /api/admin/community/posts/{id}': [401, 403, 403, 400, 403, 400],
  'DELETE /api/admin/community/posts/{id}': [401, 403, 403, 404, 403, 404],
  'GET /api/admin/community/modlog': [401, 403, 403, 200, 403, 200],
  'GET /api/admin/community/posts/{id}/edits': [401, 403, 403, 404, 403, 404],
  'GET /api/admin/community/comments/{id}/edits': [401, 403, 403, 404, 403, 404],
  'GET /api/admin/community/reports': [401, 403, 403, 200, 403, 200],
  'POST /api/admin/community/reports/resolve': [401, 403, 403, 400, 403, 400],
  'PATCH /api/admin/community/comments/{id}': [401, 403, 403, 400, 403, 400],
  'DELETE /api/admin/community/comments/{id}': [401, 403, 403, 404, 403, 404],
  // Admins only.
  'POST /api/admin-auth/create': [403, 403, 403, 403, 403, 400],
  'GET /api/admin/stats': [401, 403, 403, 403, 403, 200],
  'GET /api/admin/system': [401, 403, 403, 403, 403, 200],
  'POST /api/admin/password': [401, 403, 403, 403, 403, 400],
  'GET /api/admin/users': [401, 403, 403, 403, 403, 200],
  'GET /api/admin/wallets': [401, 403, 403, 403, 403, 200],
  'POST /api/admin/wallets/{userId}/adjust': [401, 403, 403, 403, 403, 400],
  // `{}` takes an unlabelled snapshot; a random UUID is no snapshot id.
  'POST /api/admin/proof/snapshots': [401, 403, 403, 403, 403, 201],
  'PATCH /api/admin/proof/snapshots/{id}': [401, 403, 403, 403, 403, 400],
  'GET /api/admin/settings/mining': [401, 403, 403, 403, 403, 200],
  'PUT /api/admin/settings/mining': [401, 403, 403, 403, 403, 400],
  // Decision 033: Signals are for admins only, as banning from /admin/users is.
  'GET /api/admin/signals': [401, 403, 403, 403, 403, 200],
  'POST /api/admin/signals/ban': [401, 403, 403, 403, 403, 400],
  'POST /api/admin/signals/dismiss': [401, 403, 403, 403, 403, 400],
  'PATCH /api/admin/users/{id}': [401, 403, 403, 403, 403, 400],
  'POST /api/admin/users/{id}/sessions/end': [401, 403, 403, 403, 403, 404],
  'GET /api/admin/sessions': [401, 403, 403, 403, 403, 200],
  'DELETE /api/admin/sessions/{id}': [401, 403, 403, 403, 403, 400],
  'POST /api/admin/sessions/sign-out-others': [401, 403, 403, 403, 403, 204],
  'GET /api/admin/settings/two-factor': [401, 403, 403, 403, 403, 200],
  'PUT /api/admin/settings/two-factor': [401, 403, 403, 403, 403, 400],
  'GET /api/admin/settings/sign-up': [401, 403, 403, 403, 403, 200],
  'PUT /api/admin/settings/sign-up': [401, 403, 403, 403, 403, 400],
  'GET /api/admin/settings/streaks': [401, 403, 403, 403, 403, 200],
  'PUT /api/admin/settings/streaks': [401, 403, 403, 403, 403, 400],
  'GET /api/admin/settings/dated-words': [401, 403, 403, 403, 403, 200],
  'PUT /api/admin/settings/dated-words': [401, 403, 403, 403, 403, 400],
  'GET /api/admin/settings/push': [401, 403, 403, 403, 403, 200],
  'PUT /api/admin/settings/push': [401, 403, 403, 403, 403, 400],
  // An admin's own two-factor, open also to an admin who must set it up first (decision 027).
  'GET /api/admin/two-factor': [401, 403, 403, 403, 403, 200],
  'POST /api/admin/two-factor/enrolment': [401, 403, 403, 403, 403, 200],
  'POST /api/admin/two-factor/enrolment/confirm': [401, 403, 403, 403, 403, 400],
  'POST /api/admin/two-factor/recovery-codes': [401, 403, 403, 403, 403, 409],
  'POST /api/admin/two-factor/disable': [401, 403, 403, 403, 403, 400],
  'POST /api/admin/reauthenticate': [401, 403, 403, 403, 403, 400],
  // Sign-outs end the caller's session, so they run last (see LAST).
  'POST /api/auth/logout': [204, 204, 204, 204, 204, 204],
  'POST /api/admin-auth/logout': [204, 204, 204, 204, 204, 204],
};
const LAST = new Set(['POST /api/auth/logout', 'POST /api/admin-auth/logout']);

let t: TestApp;
let baseUrl: string;
const cookies: Record<Role, string | undefined> = {
  visitor: undefined,
  user: undefined,
  banned: undefined,
  moderator: undefined,
  bannedModerator: undefined,
  admin: undefined,
};

async function setFlags(email: string, flags: { isBanned?: boolean; isModerator?: boolean }) {
  const id = await userIdOf(t.database.db, email);
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${id}`,
    headers: { ...sameOrigin, cookie: cookies.admin },
    payload: flags,
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  cookies.admin = await adminCookie(t.app);
  cookies.user = await signedUpUser(t.app, 'user@example.com');
  cookies.banned = await signedUpUser(t.app, 'banned@example.com');
  cookies.moderator = await signedUpUser(t.app, 'moderator@example.com');
  cookies.bannedModerator = await signedUpUser(t.app, 'banned-moderator@example.com');
  await setFlags('banned@example.com', { isBanned: true });
  await setFlags('moderator@example.com', { isModerator: true });
  await setFlags('banned-moderator@example.com', { isModerator: true, isBanned: true });
});
afterAll(() => t.close());

/** One request as one role; the body of a stream is not read, only its status. */
async function answerOf(
  method: string,
  path: string,
  role: Role,
): Promise<{ status: number; cacheControl: string }> {
  const url = baseUrl + path.replace(/\{[^}]+\}/g, () => randomUUID());
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const response = await fetch(url, {
    method,
    headers: {
      // Same origin as the browser would send; the server's public origin is http://localhost.
      origin: SAME_ORIGIN,
      ...(cookies[role] ? { cookie: cookies[role] } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { body: '{}' } : {}),
  });
  await response.body?.cancel();
  return { status: response.status, cacheControl: response.headers.get('cache-control') ?? '' };
}

describe('authorization matrix', () => {
  it('gives every role the expected status on every route of the OpenAPI document', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(
      routes.filter((route) => !(route in EXPECTED)),
      'routes without a row',
    ).toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((route) => !routes.includes(route)),
      'rows without a route',
    ).toEqual([]);

    const ordered = [...routes.filter((r) => !LAST.has(r)), ...routes.filter((r) => LAST.has(r))];
    const mismatches: string[] = [];
    let checked = 0;
    for (const route of ordered) {
      const [method = '', path = ''] = route.split(' ');
      const expected = EXPECTED[route] as Row;
      for (const [index, role] of ROLES.entries()) {
        const { status, cacheControl } = await answerOf(method, path, role);
        checked += 1;
        if (status !== expected[index]) {
          mismatches.push(`${route} as ${role}: ${status}, expected ${expected[index]}`);
        }
        // An answer only a signed-in caller gets is theirs alone: no cache may keep it.
        const isPrivate = method === 'GET' && expected[0] === 401 && status === 200;
        if (isPrivate && !/\bno-store\b/.test(cacheControl)) {
          mismatches.push(
            `${route} as ${role}: Cache-Control "${cacheControl}", expected no-store`,
          );
        }
      }
    }
    console.log(
      `authorization matrix: ${routes.length} routes × ${ROLES.length} roles = ${checked} checks, ${mismatches.length} mismatches`,
    );
    expect(mismatches).toEqual([]);
  });
});

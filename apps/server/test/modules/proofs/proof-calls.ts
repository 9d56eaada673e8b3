import type { MemberProof, ProofDownload, ProofKeys, ProofRecord } from '@btcp/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { SAME_ORIGIN } from '#server-test/helper.ts';

/** The proof-of-balances API as the tests call it: as a visitor, a member or an admin. */
export const getAs = (app: FastifyInstance, url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** An admin's "Take a snapshot now"; the signed record it answers with. */
export async function snapshotAs(
  app: FastifyInstance,
  admin: string,
  label?: string,
): Promise<ProofRecord> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/proof/snapshots',
    headers: { cookie: admin, origin: SAME_ORIGIN },
    payload: label ? { label } : {},
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** What the wallet's "Download proof" saves: the member's proof, its record and the record's key. */
export async function downloadAs(
  app: FastifyInstance,
  cookie: string,
  snapshot?: number,
): Promise<ProofDownload> {
  const response = await getAs(
    app,
    `/api/wallet/proof${snapshot ? `?snapshot=${snapshot}` : ''}`,
    cookie,
  );
  expect(response.statusCode, response.body).toBe(200);
  const proof: MemberProof = response.json();
  const record: ProofRecord = (await getAs(app, `/api/proof/snapshots/${proof.snapshotId}`)).json();
  const keys: ProofKeys = (await getAs(app, '/api/proof/key')).json();
  const publicKey = keys.keys.find((key) => key.keyId === record.keyId)?.publicKey ?? '';
  return { proof, record, publicKey };
}

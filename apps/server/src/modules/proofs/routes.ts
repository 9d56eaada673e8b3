import {
  MemberProofQuerySchema,
  MemberProofSchema,
  ProofKeysSchema,
  ProofLabelBodySchema,
  ProofRecordSchema,
  ProofSnapshotsPageSchema,
  ProofSnapshotsQuerySchema,
  proofMessages,
  SnapshotIdParamsSchema,
} from '@btcp/shared';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceContextOf } from '#server/context.ts';
import { conflict, notFound } from '#server/errors.ts';
import { noStore, routeOptions } from '#server/lib/routes.ts';
import { sendJsonText } from '#server/lib/shared-pages.ts';
import { requireUser, signedInStaff, signedInUser } from '#server/modules/auth/index.ts';
import { type HeldSnapshot, heldNow, heldProof } from './held.ts';
import { currentSigningKey, publishedKeys } from './keys.ts';
import { memberProof, type SnapshotTree, snapshotTree } from './member-proof.ts';
import { recordById, recordsPage } from './records.ts';
import { labelSnapshot, takeSnapshotNow } from './schedule.ts';
import { SnapshotBusyError } from './snapshot.ts';

const route = routeOptions(['proof']);
/** Members' proofs each process keeps (see the member route). */
const PROOFS_KEPT = 4096;

/** Public answers the same for everyone: a browser or a proxy may keep them a little while. */
const publicFor =
  (seconds: number): onSendHookHandler =>
  async (_request, reply, payload) => {
    reply.header('cache-control', `public, max-age=${seconds}`);
    return payload;
  };

/** The public side (D27): the signing keys and the log of records, no session needed. */
export const proofRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/proof/key',
    route('The Ed25519 key that signs the records, and every key that signed before', {
      ok: ProofKeysSchema,
      onSend: publicFor(300),
    }),
    async () => {
      // The key exists from the first snapshot on; asking before that makes it, as a snapshot would.
      const keys = await publishedKeys(app.db);
      if (keys) return keys;
      await currentSigningKey(serviceContextOf(app));
      return (
        (await publishedKeys(app.db)) ?? Promise.reject(new Error('no proof key after making one'))
      );
    },
  );

  app.get(
    '/proof/snapshots',
    route('The signed records of the snapshots, newest first, in keyset pages', {
      querystring: ProofSnapshotsQuerySchema,
      ok: ProofSnapshotsPageSchema,
      onSend: publicFor(60),
    }),
    async (request) => recordsPage(app.db, request.query),
  );

  app.get(
    '/proof/snapshots/:id',
    route('One snapshot’s signed record', {
      params: SnapshotIdParamsSchema,
      ok: ProofRecordSchema,
      onSend: publicFor(60),
    }),
    async (request) =>
      (await recordById(app.db, request.params.id)) ??
      Promise.reject(notFound(proofMessages.snapshotNotFound)),
  );

  const proofOf = memberProofs(app);
  await app.register(async (scope) => {
    const member = scope.withTypeProvider<ZodTypeProvider>();
    member.addHook('onRequest', requireUser);
    member.get(
      '/wallet/proof',
      route(
        'The caller’s proof that their balance is counted in a snapshot (the newest unless ?snapshot=ID)',
        {
          querystring: MemberProofQuerySchema,
          ok: MemberProofSchema,
          onSend: noStore,
        },
      ),
      async (request, reply) =>
        sendJsonText(reply, await proofOf(request.query.snapshot, signedInUser(request).id)),
    );
  });
};

/**
 * A member's proof in a snapshot (the newest when `snapshot` is undefined), as the JSON text
 * sent. A proof never changes once its snapshot is taken, and the wallet page asks for it on every
 * visit: each is serialized once, built from the snapshot's own fixed-width bytes in the shape of
 * MemberProofSchema (member-positions.test.ts checks every one against it), and the last few
 * thousand are kept, about 2.5 KB each, until the next 'proofs' change, so a purge is never
 * answered from memory. Checking each against the schema again had been a fifth of its cost.
 */
function memberProofs(app: FastifyInstance) {
  // A snapshot's row and upper levels change only when a snapshot is taken, named or purged (the
  // 'proofs' change): each process keeps them until then, so a proof reads two rows, not three.
  const trees = app.sharedPages.bounded<SnapshotTree>('proofs', 8);
  const proofs = app.sharedPages.bounded<string>('proofs', PROOFS_KEPT);
  // The newest snapshot's proofs whole, once one is asked for (held.ts): each ask then reads
  // nothing, where a member's first ask had read two rows.
  const newest = app.sharedPages.bounded<HeldSnapshot>('proofs', 1);
  const ctx = serviceContextOf(app);
  return async (snapshot: number | undefined, userId: string): Promise<string> => {
    const tree = await trees.get(String(snapshot ?? 'newest'), () =>
      snapshotTree(app.db, snapshot),
    );
    return proofs.get(`${tree.id}/${userId}`, async () => {
      const held = snapshot === undefined ? heldNow(app, newest, tree) : null;
      const proof = held
        ? await heldProof(ctx, held, tree, userId)
        : await memberProof(ctx, userId, tree);
      if (!proof) throw notFound(proofMessages.noBalanceThen);
      return JSON.stringify(proof);
    });
  };
}

const busy = (error: unknown) => {
  if (error instanceof SnapshotBusyError) throw conflict(proofMessages.snapshotBusy);
  throw error;
};

/** The admin side, mounted in the admin-only scope: take a snapshot now, name one (both audited). */
export const proofAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  admin.post(
    '/proof/snapshots',
    route('Take a snapshot now (audited); answers once it is signed and stored', {
      body: z.object({ label: ProofLabelBodySchema.shape.label.optional() }),
      created: ProofRecordSchema,
    }),
    async (request, reply) => {
      const id = await takeSnapshotNow(
        serviceContextOf(admin),
        signedInStaff(request),
        request.body.label ?? null,
      ).catch(busy);
      const record = await recordById(admin.db, id);
      if (!record) throw new Error('a snapshot just taken has no record');
      return reply.status(201).send(record);
    },
  );

  admin.patch(
    '/proof/snapshots/:id',
    route('Label a snapshot (kept forever) or clear its label (audited)', {
      params: SnapshotIdParamsSchema,
      body: ProofLabelBodySchema,
      ok: ProofRecordSchema,
    }),
    async (request) => {
      const found = await labelSnapshot(
        admin.db,
        signedInStaff(request),
        request.params.id,
        request.body.label,
      );
      const record = found ? await recordById(admin.db, request.params.id) : null;
      if (!record) throw notFound(proofMessages.snapshotNotFound);
      return record;
    },
  );
};

import type { MemberProof, ProofRecord } from '@btcp/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { ServiceContext } from '#server/context.ts';
import {
  proofLeafChunks,
  proofPositionChunks,
  proofSigningKeys,
  users,
} from '#server/db/schema.ts';
import { asBuffer, readEntries } from './ids.ts';
import { leafKeyOf, leafSecret } from './keys.ts';
import { memberProofFrom, snapshotTree } from './member-proof.ts';
import { recordById } from './records.ts';
import { chunkLeafCount, LEAVES_PER_CHUNK, storedChunkLevels } from './tree.ts';

export interface ExportLine {
  userId: string;
  email: string | null;
  proof: MemberProof;
}

/**
 * Every account's proof in a snapshot, for the operator (`npm run export-proofs`): first the
 * record and its key, then one account at a time in user id order. The leaf chunks are read once
 * and each chunk's levels sliced (or, for a row holding the leaves alone, built) once, so a
 * million accounts take one pass.
 */
export async function exportProofs(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  snapshotId: number,
  write: (line: { record: ProofRecord; publicKey: string } | ExportLine) => Promise<void>,
): Promise<number> {
  const record = await recordById(ctx.db, snapshotId);
  if (!record) throw new Error(`there is no snapshot ${snapshotId}`);
  const [key] = await ctx.db
    .select({ publicKey: proofSigningKeys.publicKey })
    .from(proofSigningKeys)
    .where(eq(proofSigningKeys.keyId, record.keyId));
  await write({ record, publicKey: key ? asBuffer(key.publicKey).toString('base64') : '' });
  const tree = await snapshotTree(ctx.db, snapshotId);
  const secret = await leafSecret(ctx);
  const chunks = await ctx.db
    .select({ chunk: proofLeafChunks.chunk, nodes: proofLeafChunks.nodes })
    .from(proofLeafChunks)
    .where(eq(proofLeafChunks.snapshotId, snapshotId))
    .orderBy(asc(proofLeafChunks.chunk));
  if (chunks.length === 0 && record.leafCount > 0)
    throw new Error(`the proofs of snapshot ${snapshotId} were deleted`);
  const levels = new Map<number, Buffer[]>();
  const levelsOf = (chunk: number) => {
    const known = levels.get(chunk);
    if (known) return known;
    const built = storedChunkLevels(
      asBuffer(chunks[chunk]?.nodes ?? new Uint8Array(0)),
      chunkLeafCount(record.leafCount, chunk),
    );
    levels.set(chunk, built);
    return built;
  };
  const positionRows = await ctx.db
    .select({ entries: proofPositionChunks.entries })
    .from(proofPositionChunks)
    .where(eq(proofPositionChunks.snapshotId, snapshotId))
    .orderBy(asc(proofPositionChunks.firstUserId));
  let written = 0;
  for (const { entries } of positionRows) {
    const members = readEntries(asBuffer(entries));
    const emails = new Map(
      (
        await ctx.db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(
            inArray(
              users.id,
              members.map((member) => member.userId),
            ),
          )
      ).map((row) => [row.id, row.email]),
    );
    for (const { userId, position } of members) {
      const leafKey = leafKeyOf(secret, snapshotId, userId);
      const proof = memberProofFrom(
        tree,
        position,
        levelsOf(Math.floor(position / LEAVES_PER_CHUNK)),
        leafKey,
      );
      await write({ userId, email: emails.get(userId) ?? null, proof });
      written++;
    }
  }
  return written;
}

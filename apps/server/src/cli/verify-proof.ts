// `npm run verify-proof -- proof.json`: checks a downloaded proof ({ proof, record, publicKey },
// ProofDownload in packages/shared) offline, with the same verifier the browser runs: the record's
// digest and signature, then the member's leaf up to the signed root and total. Exit 0 when it holds.
import { readFile } from 'node:fs/promises';
import { ProofDownloadSchema, verifyDownload } from '@btcp/shared';
import { nodeProofCrypto } from '#server/modules/proofs/index.ts';

async function main() {
  const file = process.argv.slice(2).find((argument) => !argument.startsWith('-'));
  if (!file) {
    console.error('usage: npm run verify-proof -- <proof.json>');
    process.exit(2);
  }
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    console.error(`cannot read ${file}: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  }
  const parsed = ProofDownloadSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      console.error(`${issue.path.join('.') || 'file'}: ${issue.message}`);
    process.exit(1);
  }
  const result = await verifyDownload(parsed.data, nodeProofCrypto);
  if (!result.ok) {
    console.error(
      `NOT VERIFIED (${result.part}: ${result.result.failure}): ${result.result.message}`,
    );
    process.exit(1);
  }
  const { record, proof } = parsed.data;
  console.log(
    `VERIFIED: ${proof.amount} BTCP is counted in snapshot ${record.id} of ${record.takenAt}, total ${record.total} BTCP across ${record.leafCount} accounts, signed by key ${record.keyId}.`,
  );
}

await main();

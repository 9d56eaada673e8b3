import { getProofRecords } from '../api/get-proof-records.ts';
import { rememberedRecords, type VanishedRecord, vanishedRecords } from './remembered-records.ts';

const PAGE = 100;

/**
 * Reads the published log back to the oldest record this browser verified, and names every
 * remembered record it no longer holds, or holds with another digest.
 */
export async function checkRememberedRecords(signal?: AbortSignal): Promise<VanishedRecord[]> {
  const remembered = rememberedRecords();
  const oldest = remembered[0]?.id;
  if (oldest === undefined) return [];
  const published = new Map<number, string>();
  let before: number | null = null;
  do {
    const page = await getProofRecords(before, PAGE, { signal, fresh: true });
    for (const record of page.items) published.set(record.id, record.digest);
    before = page.nextBefore;
  } while (before !== null && before > oldest);
  return vanishedRecords(remembered, published);
}

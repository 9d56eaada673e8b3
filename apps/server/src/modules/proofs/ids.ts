/**
 * User ids as the position chunks hold them: 16 bytes, in the order PostgreSQL sorts uuids
 * (bytewise, as Buffer.compare), each followed by the leaf's position as a u32.
 */
export const POSITION_ENTRY_BYTES = 20;

export const uuidBytes = (id: string): Buffer => Buffer.from(id.replaceAll('-', ''), 'hex');

export function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The entries of one position chunk, as user ids and positions. */
export function readEntries(entries: Buffer): { userId: string; position: number }[] {
  const members = [];
  for (let offset = 0; offset < entries.length; offset += POSITION_ENTRY_BYTES) {
    members.push({
      userId: uuidText(entries.subarray(offset, offset + 16)),
      position: entries.readUInt32BE(offset + 16),
    });
  }
  return members;
}

/** A bytea as a Buffer without copying: PGlite hands back a plain Uint8Array. */
export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

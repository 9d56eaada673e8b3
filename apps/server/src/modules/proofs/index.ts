export { type ExportLine, exportProofs } from './export.ts';
export { nodeProofCrypto } from './keys.ts';
export { recordById as recordOf } from './records.ts';
export { proofAdminRoutes, proofRoutes } from './routes.ts';
export { purgeExpiredProofs, takeDailySnapshot } from './schedule.ts';
export { SnapshotBusyError, takeSnapshotHere } from './snapshot.ts';
export { takeSnapshot } from './snapshot-process.ts';

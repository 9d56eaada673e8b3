export { acceptingUploads, mediaFileRoutes } from './routes.ts';
export { cardUrlOf, findMedia, mediaUrlOf, purgeOrphanMedia, storeImage } from './service.ts';
export { createDatabaseStorage, createDiskStorage, type MediaStorage } from './storage.ts';
export { readUpload } from './upload.ts';

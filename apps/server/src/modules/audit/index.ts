export { type AuditActor, audit } from './service.ts';

export { ADMIN_TWO_FACTOR_POLICY_KEY, adminExists, adminMustEnrol } from './admin-standing.ts';
export {
  requireActiveUser,
  requireAdmin,
  requireAdminOrBootstrap,
  requireAdminSession,
  requireStaff,
  requireStaffSession,
  requireUser,
  signedInStaff,
  signedInUser,
} from './guards.ts';
export { createLastSeenRecorder, type LastSeenRecorder } from './last-seen.ts';
export {
  markReauthenticated,
  reauthenticate,
  requireRecentAuthentication,
} from './reauthentication.ts';
export { describeUserAgent, endSessionById, listSessions, UNKNOWN_SYSTEM } from './session-list.ts';
export {
  ADMIN_SESSION_MS,
  BROWSER_SESSION_MS,
  endedElsewhere,
  endOtherAdminSessions,
  endOtherUserSessions,
  endSession,
  findSessionAdmin,
  findSessionUser,
  liveSession,
  purgeExpiredSessions,
  REMEMBERED_SESSION_MS,
  readRecentSessions,
  readSessions,
  sessionToken,
  startMemberSession,
  startSession,
} from './sessions.ts';

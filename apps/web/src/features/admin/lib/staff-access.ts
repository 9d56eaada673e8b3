import type { Staff } from '@btcp/shared/admin';
import { paths } from '@btcp/shared/paths';

/** D7: moderators may use community and blog moderation only; everything else is for admins. */
const moderatorAreas = [paths.adminCommunity.path, paths.adminBlog.path];

function isWithin(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}

export function canOpenAdminPage(role: Staff['role'], pathname: string): boolean {
  return role === 'admin' || moderatorAreas.some((area) => isWithin(pathname, area));
}

/** D3: in production the cookies take the __Host- prefix (Secure, no Domain, Path=/). */
export function sessionCookieNames(isProduction: boolean) {
  const prefix = isProduction ? '__Host-' : '';
  return { user: `${prefix}btcp_session`, admin: `${prefix}btcp_admin_session` } as const;
}

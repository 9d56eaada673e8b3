import type { RouteObject } from 'react-router';

/**
 * Pages inside the public layout for signing up and in: register, login, verify email, forgot and
 * reset password, the dev mailbox.
 */
export const accountRoutes: RouteObject[] = [];

/** Pages of the signed-in area, each under its own layout with the sidebar and a user guard. */
export const signedInRoutes: RouteObject[] = [];

import {
  accountLifecycleMessages,
  ChangeEmailBodySchema,
  ConfirmEmailChangeBodySchema,
  ConfirmedEmailChangeSchema,
  DeleteAccountBodySchema,
  MessageSchema,
} from '@btcp/shared';
import { enforceAuthRateLimits } from '#server/lib/rate-limit.ts';
import { routeOptions, type ZodApp } from '#server/lib/routes.ts';
import { settlesSharedPages } from '#server/lib/shared-pages.ts';
import {
  endSession,
  requireRecentAuthentication,
  signedInUser,
} from '#server/modules/auth/index.ts';
import { refuseDisposableEmail } from '#server/modules/sign-up/index.ts';
import { deleteAccount } from './deletion.ts';
import { confirmEmailChange, requestEmailChange } from './email-change.ts';

const route = routeOptions(['account']);

/** Changing the address and deleting the account, behind the password entered again (decision 029). */
export function lifecycleRoutes(app: ZodApp) {
  app.post(
    '/account/email',
    route(
      'Ask to change the email address: a link goes to the new address (password entered in 10 minutes)',
      {
        body: ChangeEmailBodySchema,
        accepted: MessageSchema,
      },
    ),
    async (request, reply) => {
      await requireRecentAuthentication(request, 'user');
      const user = signedInUser(request);
      await enforceAuthRateLimits(request, 'account-email', user.email);
      const { newEmail } = request.body;
      // Decision 031: one mailbox, one account, and none at a throwaway address.
      refuseDisposableEmail(app.config, newEmail, 'newEmail');
      await requestEmailChange(app.db, user.id, newEmail, app.clock.now());
      app.mailDrainer.kick();
      return reply
        .status(202)
        .send({ message: accountLifecycleMessages.checkNewAddress(newEmail) });
    },
  );

  app.post(
    '/account/delete',
    route(
      'Delete the account: anonymised, signed out everywhere (password entered in 10 minutes)',
      {
        body: DeleteAccountBodySchema,
        ok: MessageSchema,
        // The author's name leaves the public lists.
        onSend: settlesSharedPages,
      },
    ),
    async (request, reply) => {
      await requireRecentAuthentication(request, 'user');
      await deleteAccount(app.db, signedInUser(request).id, request.body.email, app.clock.now());
      // The session row is gone already; this clears the cookie.
      await endSession(request, reply, 'user');
      await app.sessionCache.settle();
      app.mailDrainer.kick();
      return { message: accountLifecycleMessages.deleted };
    },
  );
}

/**
 * Confirming a new address needs no session: the link is opened wherever the mail is read, and
 * holding it proves the new address; the request behind it was made with the password (decision 029).
 */
export function emailConfirmationRoutes(app: ZodApp) {
  app.post(
    '/account/email/confirm',
    route('Confirm a new email address with the link mailed to it (once, within 24 hours)', {
      body: ConfirmEmailChangeBodySchema,
      ok: ConfirmedEmailChangeSchema,
    }),
    async (request) => {
      const email = await confirmEmailChange(app.db, request.body.token, app.clock.now());
      await app.sessionCache.settle();
      app.mailDrainer.kick();
      return { email, message: accountLifecycleMessages.emailChanged(email) };
    },
  );
}

import { datedWordsApi } from '@btcp/shared/dated-words';
import { DatedWordsSchema } from '@btcp/shared/dated-words-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions } from '#server/lib/routes.ts';
import { SharedBody, sendWithEtag, settlesSharedPages } from '#server/lib/shared-pages.ts';
import { signedInStaff } from '#server/modules/auth/index.ts';
import { datedWords } from './dated-words.ts';

/** GET /api/dated-words: what the landing and community pages show, the same for everyone. */
export const datedWordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    datedWordsApi.read,
    routeOptions(['site'])(
      'When mining starts, the landing figures, the roadmap and the community’s founding day',
      { ok: DatedWordsSchema },
    ),
    async (request, reply) => {
      const body = await app.sharedPages.get('dated-words', 'dated-words', async () =>
        SharedBody.of(DatedWordsSchema, await datedWords.load(app.db)),
      );
      return sendWithEtag(request, reply, body, 'public');
    },
  );
};

const route = routeOptions(['admin']);

/** /api/admin/settings/dated-words: in the admin-only scope, like the other settings. */
export const datedWordsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dated-words',
    route('The dated words of the public pages, to edit', { ok: DatedWordsSchema }),
    async () => datedWords.load(app.db),
  );

  app.put(
    '/dated-words',
    route('Change the dated words (audited); the landing and community pages show them at once', {
      body: DatedWordsSchema,
      ok: DatedWordsSchema,
      // Every process renders the landing and community pages afresh before the admin hears.
      onSend: settlesSharedPages,
    }),
    async (request) => datedWords.save(app.db, signedInStaff(request), request.body),
  );
};

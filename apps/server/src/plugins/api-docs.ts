import { ApiErrorSchema } from '@btcp/shared';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, built from the route schemas and served at /api/docs. Every documented
 * route lists its failures too, in the one error shape: the error handler writes nothing else, and
 * the serializer holds it to that.
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'BTCP API',
          version: '1.0.0',
          description:
            'The API behind the BTCP web app. Every error has the shape { error: { code, message, fields? } }.',
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.addHook('onRoute', (route) => {
      if (!route.schema || route.schema.hide) return;
      const response = (route.schema.response ?? {}) as Record<string, unknown>;
      route.schema.response = { '4XX': ApiErrorSchema, '5XX': ApiErrorSchema, ...response };
    });
  },
  { name: 'api-docs' },
);

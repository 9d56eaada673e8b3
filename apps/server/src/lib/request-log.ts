import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's two info lines per request (incoming, completed) cost more than many handlers under
 * load (decision 013); one line per request, at debug, is the access log (LOG_LEVEL=debug).
 * Failures keep Fastify's own logging, and 5xx answers are logged by the error handler.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply, {});
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: reply.elapsedTime,
      },
      'request completed',
    );
  }
}

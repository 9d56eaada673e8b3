import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A JSON answer built once and sent to many: its text, a strong ETag of it, and its compressed
 * forms, each made the first time a client asks for it.
 */
export class SharedBody {
  readonly etag: string;
  /** The text as UTF-8 once, so sending it does not encode it again every time. */
  readonly bytes: Buffer;
  #br: Buffer | undefined;
  #gzip: Buffer | undefined;

  /**
   * `etag` when the caller knows one already (a personal page derived from a shared one).
   * `kept`: the body is kept and sent many times, so it is worth compressing well, once.
   */
  constructor(
    json: string,
    etag?: string,
    readonly kept = true,
  ) {
    this.bytes = Buffer.from(json);
    this.etag = etag ?? `"${createHash('sha1').update(this.bytes).digest('base64url')}"`;
  }

  /**
   * The body of a value as its response schema lets it out (unknown keys dropped, shape checked),
   * checked once when built instead of on every send.
   */
  static of<S extends z.ZodType>(schema: S, value: z.input<S>, kept = true): SharedBody {
    return new SharedBody(JSON.stringify(schema.parse(value)), undefined, kept);
  }

  /**
   * The body compressed as the client accepts it, or null when it accepts neither. A kept body is
   * compressed well a single time; another is compressed for this one answer at the fastest
   * setting, synchronously (a 20 KB page in about 40 µs, where the compress plugin's streams took
   * ten times that).
   */
  encoded(accepted: string): { encoding: 'br' | 'gzip'; bytes: Buffer } | null {
    if (/\bbr\b/.test(accepted)) {
      const quality = this.kept ? 5 : 1;
      const compress = () =>
        brotliCompressSync(this.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
      if (!this.kept) return { encoding: 'br', bytes: compress() };
      this.#br ??= compress();
      return { encoding: 'br', bytes: this.#br };
    }
    if (/\bgzip\b/.test(accepted)) {
      const compress = () => gzipSync(this.bytes, { level: this.kept ? 6 : 1 });
      if (!this.kept) return { encoding: 'gzip', bytes: compress() };
      this.#gzip ??= compress();
      return { encoding: 'gzip', bytes: this.#gzip };
    }
    return null;
  }
}

/**
 * An onSend hook for the scopes and routes that change public pages: a change that succeeded is
 * settled in every process before its caller hears of it.
 */
export async function settlesSharedPages(request: FastifyRequest, reply: FastifyReply) {
  if (MUTATING_METHODS.has(request.method) && reply.statusCode < 400) {
    await request.server.sharedPages.settle();
  }
}

/**
 * Sends JSON text as it is: a string with a JSON content type skips the route's serializer, so an
 * answer built (and checked against its schema) once is not serialized again for every caller.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer) {
  return reply.type(JSON_TYPE).send(json);
}

/** How long a CDN in front may serve a public page without asking (decision 013), in seconds. */
const CDN_SECONDS = 1;
const CACHE_CONTROL = {
  public: `public, max-age=0, s-maxage=${CDN_SECONDS}`,
  personal: 'private, no-cache',
  page: 'no-cache',
} as const;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends an answer with its ETag, or 304 when the client holds it already. A public answer (the
 * same for every visitor) may be held by a CDN for a second; a personal one only by the browser,
 * which asks again each time; a page (HTML, which names the build's current assets) is asked for
 * again by everyone. Either way it varies with the cookie, and a shared body goes out compressed
 * as built, once. JSON unless `type` says otherwise.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: SharedBody,
  audience: 'public' | 'personal' | 'page',
  type = JSON_TYPE,
) {
  reply
    .header('etag', body.etag)
    .header('cache-control', CACHE_CONTROL[audience])
    .header('vary', 'cookie, accept-encoding');
  if (holdsAlready(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
  const accepted = request.headers['accept-encoding'] ?? '';
  const encoded = body.bytes.length < 1024 ? null : body.encoded(accepted);
  if (encoded) reply.header('content-encoding', encoded.encoding);
  return reply.type(type).send(encoded ? encoded.bytes : body.bytes);
}

/** If-None-Match: `*`, or a list of tags, weak or strong (RFC 9110 compares them weakly). */
function holdsAlready(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

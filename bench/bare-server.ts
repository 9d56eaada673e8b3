// The ceiling: a bare Fastify route on this machine, in its own process like the real server.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
// A POST with a JSON body answered 204, as a ping is: what the ping's own work is measured against.
app.post('/bare', async (_request, reply) => reply.status(204).send());
const port = Number(process.env.PORT ?? 0);
await app.listen({ host: '127.0.0.1', port });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : port });

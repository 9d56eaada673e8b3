// The ceiling: a bare Fastify route on this machine, in its own process like the real server.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
const port = Number(process.env.PORT ?? 0);
await app.listen({ host: '127.0.0.1', port });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : port });

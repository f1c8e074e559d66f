/** The baseline of the loginInfo benchmark: a bare Fastify route answering the same JSON. */
import Fastify from 'fastify';

const body = process.env.BARE_BODY ?? '{}';
const app = Fastify({ logger: false });
app.get('/rest/acct/loginInfo', async (_req, reply) => reply.type('application/json').send(body));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`bare:${address}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));

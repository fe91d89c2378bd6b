// The machine's calibration for `npm run bench`: the smallest Fastify server (one route returning
// {"hello":"world"}), in its own process. Issue 5's absolute targets were set on a machine where
// this served ~96k req/s; the bench reports what it serves now, so absolute figures (creates/s,
// seeding, cold start) can be read against the machine they were measured on.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${address}`);

// Each site's currency (issue 29): a new site starts with the money of its place and language,
// an administrator may change symbol, position and code, and a cost without a symbol of its own
// shows in it. A negative cost is refused.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';
import { defaultCurrency } from '../../server/domain/currency.ts';

let server: TestServer;
before(async () => {
  server = await startServer({ timezone: 'America/New_York' });
  const berlin = server.store.sites.create({
    code: 'berlin',
    title: 'Berlin',
    timezone: 'Europe/Berlin',
    language: 'en',
  });
  server.store.users.setRole(berlin.id, server.userIds.administrator, 'administrator');
});
after(() => server.close());

const event = (site: string, cost: unknown) =>
  server.admin('POST', `${site ? `/${site}` : ''}/svc/events/v1/events`, {
    json: { title: 'Concert', start_date: '2031-05-01 20:00', end_date: '2031-05-01 22:00', cost },
  });

test('a new site starts with the currency of its place and language', () => {
  assert.deepEqual(defaultCurrency('en', 'Europe/Berlin'), { symbol: '€', position: 'postfix', code: 'EUR' });
  assert.deepEqual(defaultCurrency('en', 'Europe/London'), { symbol: '£', position: 'prefix', code: 'GBP' });
  assert.deepEqual(defaultCurrency('mx', 'America/Mexico_City'), { symbol: '$', position: 'prefix', code: 'MXN' });
  assert.deepEqual(defaultCurrency('es', 'UTC'), { symbol: '€', position: 'postfix', code: 'EUR' });
  assert.deepEqual(defaultCurrency('en', 'America/New_York'), { symbol: '$', position: 'prefix', code: 'USD' });
});

test('on a Berlin site a bare "15" is in euros; "20$" keeps its own dollar', async () => {
  const bare = await event('berlin', '15');
  assert.equal(bare.status, 201, bare.text);
  assert.equal(bare.body.cost, '15€');
  // cost_details keeps the reference's shape: the symbol only when the text had one.
  assert.deepEqual(bare.body.cost_details.values, ['15']);
  const dollars = await event('berlin', '20$');
  assert.equal(dollars.body.cost, '20$');
  // The default site (New York) still says dollars.
  assert.equal((await event('', '15')).body.cost, '$15');
});

test('an administrator sets the currency in the site settings; the session tells the UI', async () => {
  const changed = await server.admin('PATCH', '/almanac/v1/sites/berlin', {
    json: { currency_symbol: 'CHF ', currency_position: 'prefix', currency_code: 'CHF' },
  });
  assert.equal(changed.status, 200, changed.text);
  assert.deepEqual(changed.body.currency, { symbol: 'CHF', position: 'prefix', code: 'CHF' });
  assert.equal((await event('berlin', '15')).body.cost, 'CHF15');
  const bad = await server.admin('PATCH', '/almanac/v1/sites/berlin', { json: { currency_code: 'euro' } });
  assert.equal(bad.status, 400);
  assert.ok(bad.body.data.params.currency_code);
  const session = await server.admin('GET', '/berlin/almanac/v1/session');
  assert.equal(session.body.site.currency.code, 'CHF');
});

test('a negative cost is refused with a message, and nothing is written', async () => {
  for (const cost of ['-15', '−15 €', '$-15', -15, ['10', '-5']]) {
    const response = await event('berlin', cost);
    assert.equal(response.status, 400, JSON.stringify(cost));
    assert.equal(response.body.data.params.cost, 'cost must not be negative.');
  }
  // A range or a word before a dash is not a sign.
  for (const cost of ['10-20', '10 - 20 €', 'Free - 30']) assert.equal((await event('berlin', cost)).status, 201, cost);
});

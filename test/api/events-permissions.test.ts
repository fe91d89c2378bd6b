// The permission matrix of the event routes for every role (tec-reference §4, contract §7–8),
// credentials (Bearer, Basic, bad tokens), validation-before-permission, list visibility and
// password-protected events.
import { test, after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, createEvent, type Response, type TestServer } from '../support/server.ts';
import { assertError, countRows, inDays } from '../support/helpers.ts';

type Who = 'anonymous' | 'subscriber' | 'contributor' | 'author' | 'author2' | 'editor' | 'administrator';
const ROLES: Who[] = ['anonymous', 'subscriber', 'contributor', 'author', 'author2', 'editor', 'administrator'];

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const tokenOf = (who: Who) => (who === 'anonymous' ? undefined : server.tokens[who]);
const as = (who: Who, method: string, path: string, options: Parameters<TestServer['request']>[2] = {}) =>
  server.request(method, path, { ...options, token: tokenOf(who) });

const fields = (extra: Record<string, unknown> = {}) => ({
  title: 'Permission Event',
  start_date: inDays(5),
  end_date: inDays(5, '12:00:00'),
  ...extra,
});

/** An event owned by `owner` with `status`, created by the administrator (who may assign authors). */
async function eventOf(owner: Exclude<Who, 'anonymous'>, status: string, extra: Record<string, unknown> = {}) {
  return createEvent(server, fields({ author: server.userIds[owner], status, ...extra }));
}

describe('create', () => {
  test('anonymous → 401 rest_forbidden with WWW-Authenticate', async () => {
    const before = countRows(server, 'posts');
    const response = await as('anonymous', 'POST', 'events', { json: fields() });
    assertError(response, 401, 'rest_forbidden');
    assert.match(response.headers.get('www-authenticate') ?? '', /Bearer/);
    assert.equal(countRows(server, 'posts'), before);
  });

  test('subscriber → 403 rest_forbidden, nothing written', async () => {
    const before = countRows(server, 'posts');
    assertError(await as('subscriber', 'POST', 'events', { json: fields() }), 403, 'rest_forbidden');
    assert.equal(countRows(server, 'posts'), before);
  });

  test('contributor creates drafts, and pending when asking for publish/future/private', async () => {
    const plain = await as('contributor', 'POST', 'events', { json: fields() });
    assert.equal(plain.status, 201, plain.text);
    assert.equal(plain.body.status, 'draft');
    assert.equal(plain.body.author, String(server.userIds.contributor));
    for (const status of ['publish', 'future', 'private']) {
      const response = await as('contributor', 'POST', 'events', { json: fields({ status }) });
      assert.equal(response.status, 201, response.text);
      assert.equal(response.body.status, 'pending', `asked for ${status}`);
    }
    const draft = await as('contributor', 'POST', 'events', { json: fields({ status: 'draft' }) });
    assert.equal(draft.body.status, 'draft');
  });

  test('author, editor and administrator publish (by default and on request)', async () => {
    for (const who of ['author', 'editor', 'administrator'] as const) {
      const response = await as(who, 'POST', 'events', { json: fields() });
      assert.equal(response.status, 201, response.text);
      assert.equal(response.body.status, 'publish', who);
      assert.equal(response.body.author, String(server.userIds[who]));
      const priv = await as(who, 'POST', 'events', { json: fields({ status: 'private' }) });
      assert.equal(priv.body.status, 'private', who);
    }
  });

  test('validation (400) comes before permission (401/403)', async () => {
    const missing = await as('anonymous', 'POST', 'events', { json: { start_date: inDays(1), end_date: inDays(1) } });
    assertError(missing, 400, 'rest_missing_callback_param');
    assert.deepEqual(missing.body.data.params, ['title']);
    assertError(
      await as('anonymous', 'POST', 'events', { json: fields({ start_date: 'garbage' }) }),
      400,
      'rest_invalid_param',
    );
    assertError(
      await as('subscriber', 'POST', 'events', { json: fields({ featured: 'yes' }) }),
      400,
      'rest_invalid_param',
    );
    const event = await createEvent(server, fields());
    assertError(
      await as('anonymous', 'PATCH', `events/${event.id}`, { json: { end_date: 'not a date' } }),
      400,
      'rest_invalid_param',
    );
    assertError(
      await as('subscriber', 'PATCH', `events/${event.id}`, { json: { title: '' } }),
      400,
      'rest_invalid_param',
    );
  });
});

describe('reading non-published events', () => {
  test('drafts: only the owner and editors+ read them; others get 403 event-not-accessible', async () => {
    const draft = await eventOf('author', 'draft');
    const expected: Record<Who, number> = {
      anonymous: 403,
      subscriber: 403,
      contributor: 403,
      author: 200,
      author2: 403,
      editor: 200,
      administrator: 200,
    };
    for (const who of ROLES) {
      const response = await as(who, 'GET', `events/${draft.id}`);
      assert.equal(response.status, expected[who], `${who}: ${response.text}`);
      if (response.status === 403) assertError(response, 403, 'event-not-accessible');
      const bySlug = await as(who, 'GET', `events/by-slug/${draft.slug}`);
      assert.equal(bySlug.status, expected[who], `${who} by slug: ${bySlug.text}`);
    }
  });

  test('private and pending events of others: editors+ only; a contributor reads their own pending', async () => {
    const priv = await eventOf('editor', 'private');
    const pending = await as('contributor', 'POST', 'events', { json: fields({ status: 'publish' }) });
    assert.equal(pending.body.status, 'pending');
    for (const who of ROLES) {
      const privRead = await as(who, 'GET', `events/${priv.id}`);
      const privOk = who === 'editor' || who === 'administrator';
      assert.equal(privRead.status, privOk ? 200 : 403, `${who} private: ${privRead.text}`);
      if (!privOk) assertError(privRead, 403, 'event-not-accessible');
      const pendRead = await as(who, 'GET', `events/${pending.body.id}`);
      const pendOk = who === 'contributor' || who === 'editor' || who === 'administrator';
      assert.equal(pendRead.status, pendOk ? 200 : 403, `${who} pending: ${pendRead.text}`);
    }
  });
});

describe('update and delete', () => {
  const update = (who: Who, id: number) => as(who, 'PATCH', `events/${id}`, { json: { description: `by ${who}` } });

  test('anonymous 401, subscriber 403 on any event; nothing changes', async () => {
    const event = await createEvent(server, fields({ description: 'original' }));
    assertError(await update('anonymous', event.id), 401, 'rest_forbidden');
    assertError(await update('subscriber', event.id), 403, 'rest_forbidden');
    assertError(await as('anonymous', 'DELETE', `events/${event.id}`), 401, 'rest_forbidden');
    assertError(await as('subscriber', 'DELETE', `events/${event.id}`), 403, 'rest_forbidden');
    assertError(await as('anonymous', 'PUT', `events/by-slug/${event.slug}`, { json: { title: 'x' } }), 401);
    assertError(await as('subscriber', 'DELETE', `events/by-slug/${event.slug}`), 403);
    const after = await server.request('GET', `events/${event.id}`);
    assert.equal(after.body.description, '<p>original</p>');
    assert.equal(after.body.status, 'publish');
  });

  test('contributor: own drafts yes; own published and others’ no', async () => {
    const ownDraft = await eventOf('contributor', 'draft');
    const ownPublished = await eventOf('contributor', 'publish');
    const others = await eventOf('author', 'draft');
    const othersPublished = await eventOf('author', 'publish');
    assert.equal((await update('contributor', ownDraft.id)).status, 200);
    assertError(await update('contributor', ownPublished.id), 403, 'rest_forbidden');
    assertError(await update('contributor', others.id), 403, 'rest_forbidden');
    assertError(await update('contributor', othersPublished.id), 403, 'rest_forbidden');
    assertError(await as('contributor', 'DELETE', `events/${ownPublished.id}`), 403, 'rest_forbidden');
    assertError(await as('contributor', 'DELETE', `events/${others.id}`), 403, 'rest_forbidden');
    // A contributor asking to publish their draft gets pending, never publish.
    const promote = await as('contributor', 'PATCH', `events/${ownDraft.id}`, { json: { status: 'publish' } });
    assert.equal(promote.status, 200, promote.text);
    assert.equal(promote.body.status, 'pending');
    const deleted = await as('contributor', 'DELETE', `events/${ownDraft.id}`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal(deleted.body.status, 'trash');
  });

  test('regression: a trashed post is judged by its status before the trash (as WordPress)', async () => {
    const draft = await eventOf('contributor', 'draft');
    assert.equal((await as('contributor', 'DELETE', `events/${draft.id}`)).status, 200);
    assertError(await as('contributor', 'DELETE', `events/${draft.id}`), 410, 'event-is-in-trash');
    const restored = await as('contributor', 'PATCH', `events/${draft.id}`, { json: { status: 'draft' } });
    assert.equal(restored.status, 200, restored.text);
    assert.equal(restored.body.status, 'draft');
    await as('contributor', 'DELETE', `events/${draft.id}`);
    const forced = await as('contributor', 'DELETE', `events/${draft.id}`, { query: { force: 'true' } });
    assert.equal(forced.status, 200, forced.text);
    assertError(await server.admin('GET', `events/${draft.id}`), 404, 'rest-event-not-found');
    // their published event, trashed by an editor, stays out of their reach
    const published = await eventOf('contributor', 'publish');
    await as('editor', 'DELETE', `events/${published.id}`);
    assertError(
      await as('contributor', 'PATCH', `events/${published.id}`, { json: { status: 'draft' } }),
      403,
      'rest_forbidden',
    );
    assertError(
      await as('contributor', 'DELETE', `events/${published.id}`, { query: { force: 'true' } }),
      403,
      'rest_forbidden',
    );
    // nor can another contributor-level user touch someone else's trashed draft
    const othersDraft = await eventOf('author2', 'draft');
    await server.admin('DELETE', `events/${othersDraft.id}`);
    assertError(await as('author', 'DELETE', `events/${othersDraft.id}`), 403, 'rest_forbidden');
  });

  test('author: own (published too) yes; others’ no', async () => {
    const ownPublished = await eventOf('author', 'publish');
    const othersPublished = await eventOf('author2', 'publish');
    const othersDraft = await eventOf('author2', 'draft');
    const edited = await update('author', ownPublished.id);
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.status, 'publish');
    assertError(await update('author', othersPublished.id), 403, 'rest_forbidden');
    assertError(await update('author', othersDraft.id), 403, 'rest_forbidden');
    assertError(await as('author', 'DELETE', `events/${othersPublished.id}`), 403, 'rest_forbidden');
    assertError(
      await as('author', 'DELETE', `events/${othersPublished.id}`, { query: { force: 'true' } }),
      403,
      'rest_forbidden',
    );
    assert.equal((await as('author', 'DELETE', `events/${ownPublished.id}`)).status, 200);
  });

  test('editor and administrator: everyone’s events', async () => {
    for (const who of ['editor', 'administrator'] as const) {
      const draft = await eventOf('contributor', 'draft');
      const priv = await eventOf('author', 'private');
      assert.equal((await update(who, draft.id)).status, 200, who);
      assert.equal((await update(who, priv.id)).status, 200, who);
      assert.equal((await as(who, 'DELETE', `events/${draft.id}`)).status, 200, who);
      assert.equal((await as(who, 'DELETE', `events/${priv.id}`, { query: { force: 'true' } })).status, 200, who);
    }
  });

  test('only editors and administrators may set author to someone else', async () => {
    const before = countRows(server, 'posts');
    for (const who of ['contributor', 'author'] as const) {
      const response = await as(who, 'POST', 'events', { json: fields({ author: server.userIds.editor }) });
      assert.equal(response.status, 403, `${who}: ${response.text}`);
      assert.equal(typeof response.body.code, 'string');
    }
    assert.equal(countRows(server, 'posts'), before);
    // naming oneself is fine
    const self = await as('author', 'POST', 'events', { json: fields({ author: server.userIds.author }) });
    assert.equal(self.status, 201, self.text);
    // on update too
    const reassign = await as('author', 'PATCH', `events/${self.body.id}`, {
      json: { author: server.userIds.author2 },
    });
    assert.equal(reassign.status, 403, reassign.text);
    assert.equal((await server.request('GET', `events/${self.body.id}`)).body.author, String(server.userIds.author));
    for (const who of ['editor', 'administrator'] as const) {
      const response = await as(who, 'POST', 'events', { json: fields({ author: server.userIds.author2 }) });
      assert.equal(response.status, 201, response.text);
      assert.equal(response.body.author, String(server.userIds.author2));
      const moved = await as(who, 'PATCH', `events/${response.body.id}`, { json: { author: server.userIds.author } });
      assert.equal(moved.body.author, String(server.userIds.author));
    }
    // an unknown author is a validation error
    assertError(await server.admin('POST', 'events', { json: fields({ author: 987654 }) }), 400, 'rest_invalid_param');
  });

  test('a contributor cannot create terms by name through an event write; nothing is written', async () => {
    const posts = countRows(server, 'posts');
    const terms = countRows(server, 'terms');
    const response = await as('contributor', 'POST', 'events', { json: fields({ tags: ['Contributor Tag X'] }) });
    assert.equal(response.status, 403, response.text);
    assert.equal(countRows(server, 'posts'), posts);
    assert.equal(countRows(server, 'terms'), terms);
  });
});

describe('credentials', () => {
  test('an invalid or malformed token → 401 with WWW-Authenticate, even on GET', async () => {
    for (const authorization of [
      'Bearer not-a-real-token',
      'Bearer ',
      'Token abc',
      `Bearer ${server.tokens.editor}x`,
    ]) {
      const response = await server.request('GET', 'events', { headers: { authorization } });
      if (authorization === 'Bearer ') {
        // an empty credential is anonymous or rejected; never a server error
        assert.ok([200, 401].includes(response.status), response.text);
        continue;
      }
      assertError(response, 401, undefined, authorization);
      assert.ok(response.headers.get('www-authenticate'), authorization);
    }
    const write = await server.request('POST', 'events', {
      json: fields(),
      headers: { authorization: 'Bearer nope' },
    });
    assertError(write, 401);
  });

  test('Basic user:token works; a wrong user or token → 401 incorrect_password', async () => {
    const basic = (user: string, token: string) => ({
      authorization: `Basic ${Buffer.from(`${user}:${token}`).toString('base64')}`,
    });
    const ok = await server.request('POST', 'events', {
      json: fields(),
      headers: basic('administrator', server.tokens.administrator),
    });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.body.author, String(server.userIds.administrator));
    const asEditor = await server.request('POST', 'events', {
      json: fields({ status: 'draft' }),
      headers: basic('editor', server.tokens.editor),
    });
    assert.equal(asEditor.body.author, String(server.userIds.editor));
    const wrongUser = await server.request('POST', 'events', {
      json: fields(),
      headers: basic('editor', server.tokens.administrator),
    });
    assertError(wrongUser, 401, 'incorrect_password');
    assertError(
      await server.request('GET', 'events', { headers: basic('nobody', server.tokens.administrator) }),
      401,
      'incorrect_password',
    );
    assertError(
      await server.request('GET', 'events', { headers: basic('administrator', 'wrong') }),
      401,
      'incorrect_password',
    );
    assertError(
      await server.request('GET', 'events', { headers: { authorization: 'Basic !!!notbase64' } }),
      401,
      'incorrect_password',
    );
  });
});

describe('list visibility', () => {
  test('a list never shows more than single reads, for every role and status filter', async () => {
    const owners = ['contributor', 'author', 'author2', 'editor'] as const;
    const created: number[] = [];
    for (const owner of owners) {
      for (const status of ['publish', 'draft', 'pending', 'private']) {
        const event = await eventOf(owner, status, { title: `Visibility ${owner} ${status}` });
        created.push(event.id);
      }
    }
    const trashed = await eventOf('author', 'publish', { title: 'Visibility trashed' });
    await server.admin('DELETE', `events/${trashed.id}`);
    const hidden = await eventOf('author', 'publish', { title: 'Visibility hidden', hide_from_listings: true });

    for (const who of ROLES) {
      const queries: Record<string, string>[] = [{}, { status: 'publish' }];
      if (!['anonymous', 'subscriber'].includes(who)) {
        queries.push({ status: 'draft,pending,private' }, { status: 'private' }, { status: 'trash' });
      }
      for (const query of queries) {
        const list = await as(who, 'GET', 'events', { query: { ...query, per_page: 50 } });
        assert.equal(list.status, 200, `${who} ${JSON.stringify(query)}: ${list.text}`);
        const ids: number[] = list.body.events.map((e: { id: number }) => e.id);
        assert.equal(list.body.total, ids.length, 'all on one page');
        assert.ok(!ids.includes(hidden.id), 'hide_from_listings never listed');
        for (const id of ids) {
          if (query.status === 'trash') {
            // Trashed events are 403 to every single read (even an administrator's), but users who
            // may edit can list the trash: only their own, unless they may edit others' events.
            const item = list.body.events.find((e: { id: number }) => e.id === id);
            assert.equal(item.status, 'trash');
            if (who !== 'editor' && who !== 'administrator')
              assert.equal(item.author, String(server.userIds[who as 'author']), `${who} lists others' trash`);
            continue;
          }
          const single = await as(who, 'GET', `events/${id}`);
          assert.equal(single.status, 200, `${who} lists ${id} (${JSON.stringify(query)}) but reads ${single.text}`);
        }
        if (query.status === 'trash' && (who === 'editor' || who === 'administrator'))
          assert.ok(ids.includes(trashed.id), `${who} lists the trash`);
        // and every readable event of the fixture (of the asked statuses) is listed
        for (const id of created) {
          const single = await as(who, 'GET', `events/${id}`);
          const status = single.status === 200 ? single.body.status : undefined;
          const asked = query.status?.split(',') ?? ['publish', 'draft', 'pending', 'private', 'future'];
          if (status && asked.includes(status)) assert.ok(ids.includes(id), `${who} can read ${id} but not list it`);
        }
      }
    }
    // users without edit rights may only ask for published items
    assertError(await as('anonymous', 'GET', 'events', { query: { status: 'draft' } }), 400, 'rest_invalid_param');
    assertError(await as('subscriber', 'GET', 'events', { query: { status: 'private' } }), 400, 'rest_invalid_param');
  });
});

describe('password-protected events', () => {
  const PASSWORD = 'Sekr3t-Passw0rd-xyz';
  const responses: Response[] = [];
  const record = async (promise: Promise<Response>) => {
    const response = await promise;
    responses.push(response);
    return response;
  };
  let event: { id: number; slug: string };

  before(async () => {
    const response = await record(
      server.admin('POST', 'events', {
        json: fields({
          title: 'Protected Gala',
          description: 'Secret details',
          excerpt: 'Secret excerpt',
          cost: '99',
          website: 'https://gala.example.com',
          show_map: true,
          featured: true,
          categories: ['Gala Category'],
          tags: ['gala-tag'],
          venue: { venue: 'Gala Hall' },
          organizer: [{ organizer: 'Gala Org' }],
          image: 'https://images.example.com/gala.jpg',
          password: PASSWORD,
        }),
      }),
    );
    assert.equal(response.status, 201, response.text);
    event = response.body;
  });

  test('single GET without the password → 403 event-password-protected, for everyone', async () => {
    for (const who of ROLES) {
      const response = await record(as(who, 'GET', `events/${event.id}`));
      assertError(response, 403, 'event-password-protected', who);
      assertError(await record(as(who, 'GET', `events/by-slug/${event.slug}`)), 403, 'event-password-protected');
    }
    assertError(
      await record(server.request('GET', `events/${event.id}`, { query: { password: 'wrong' } })),
      403,
      'event-password-protected',
    );
  });

  test('?password= unlocks; context=edit unlocks for someone who may edit', async () => {
    const unlocked = await record(server.request('GET', `events/${event.id}`, { query: { password: PASSWORD } }));
    assert.equal(unlocked.status, 200, unlocked.text);
    assert.equal(unlocked.body.description, '<p>Secret details</p>');
    assert.equal(unlocked.body.cost, '$99');
    assert.equal(unlocked.body.venue.venue, 'Gala Hall');
    const bySlug = await record(
      server.request('GET', `events/by-slug/${event.slug}`, { query: { password: PASSWORD } }),
    );
    assert.equal(bySlug.status, 200);
    const edit = await record(as('editor', 'GET', `events/${event.id}`, { query: { context: 'edit' } }));
    assert.equal(edit.status, 200, edit.text);
    assert.equal(edit.body.description, '<p>Secret details</p>');
    for (const who of ['anonymous', 'subscriber', 'contributor', 'author'] as const) {
      assertError(
        await record(as(who, 'GET', `events/${event.id}`, { query: { context: 'edit' } })),
        403,
        'event-password-protected',
        who,
      );
    }
  });

  test('lists blank the protected fields', async () => {
    for (const who of ['anonymous', 'administrator'] as const) {
      const list = await record(as(who, 'GET', 'events', { query: { per_page: 50 } }));
      const item = list.body.events.find((e: { id: number }) => e.id === event.id);
      assert.ok(item, `${who} sees the protected event in the list`);
      assert.equal(item.title, 'Protected Gala');
      assert.equal(item.slug, event.slug);
      assert.equal(item.description, '');
      assert.equal(item.excerpt, '');
      assert.equal(item.image, false);
      assert.equal(item.all_day, null);
      assert.equal(item.cost, '');
      assert.deepEqual(item.cost_details, {
        currency_symbol: '',
        currency_code: '',
        currency_position: '',
        values: [],
      });
      assert.equal(item.website, '');
      for (const key of ['show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured'])
        assert.equal(item[key], null, key);
      for (const key of ['categories', 'tags', 'venue', 'organizer', 'custom_fields'])
        assert.deepEqual(item[key], [], key);
      assert.ok(item.start_date);
    }
  });

  test('lists unlock as the single read does: ?password= for everyone, context=edit for who may edit', async () => {
    const find = (response: { body: { events: { id: number }[] } }) =>
      response.body.events.find((e) => e.id === event.id) as Record<string, unknown>;
    const withPassword = await record(server.request('GET', 'events', { query: { per_page: 50, password: PASSWORD } }));
    assert.equal(find(withPassword).description, '<p>Secret details</p>');
    assert.equal((find(withPassword).venue as { venue: string }).venue, 'Gala Hall');
    assert.ok(!withPassword.body.rest_url.includes(PASSWORD), 'the password is not echoed in rest_url');
    const wrong = await record(server.request('GET', 'events', { query: { per_page: 50, password: 'wrong' } }));
    assert.equal(find(wrong).description, '');
    const edit = await record(as('editor', 'GET', 'events', { query: { per_page: 50, context: 'edit' } }));
    assert.equal(find(edit).description, '<p>Secret details</p>');
    for (const who of ['anonymous', 'subscriber', 'author'] as const) {
      const list = await record(as(who, 'GET', 'events', { query: { per_page: 50, context: 'edit' } }));
      assert.equal(find(list).description, '', who);
    }
  });

  test('json_ld is left out of a protected event’s single read, even unlocked (as the reference)', async () => {
    const unlocked = await record(server.request('GET', `events/${event.id}`, { query: { password: PASSWORD } }));
    assert.equal(unlocked.status, 200);
    assert.equal('json_ld' in unlocked.body, false);
  });

  test('update and delete responses work; the password can be changed and removed', async () => {
    const updated = await record(server.admin('PATCH', `events/${event.id}`, { json: { title: 'Protected Gala II' } }));
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.description, '<p>Secret details</p>', 'the editor sees what they edit');
    const changed = await record(server.admin('PATCH', `events/${event.id}`, { json: { password: 'Other-Pw-77' } }));
    assert.equal(changed.status, 200);
    assertError(
      await record(server.request('GET', `events/${event.id}`, { query: { password: PASSWORD } })),
      403,
      'event-password-protected',
    );
    assert.equal(
      (await record(server.request('GET', `events/${event.id}`, { query: { password: 'Other-Pw-77' } }))).status,
      200,
    );
    const removed = await record(server.admin('PATCH', `events/${event.id}`, { json: { password: '' } }));
    assert.equal(removed.status, 200);
    assert.equal((await record(server.request('GET', `events/${event.id}`))).status, 200);
    // protect again, then trash
    await record(server.admin('PATCH', `events/${event.id}`, { json: { password: PASSWORD } }));
    const trashed = await record(server.admin('DELETE', `events/${event.id}`));
    assert.equal(trashed.status, 200);
  });

  test('the password is never in any response', () => {
    assert.ok(responses.length > 20);
    for (const response of responses) {
      assert.ok(!response.text.includes(PASSWORD), `password leaked: ${response.text.slice(0, 300)}`);
      assert.ok(!response.text.includes('Other-Pw-77'), `password leaked: ${response.text.slice(0, 300)}`);
      assert.ok(!/"password"/.test(response.text), `a password key: ${response.text.slice(0, 300)}`);
    }
  });
});

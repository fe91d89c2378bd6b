// The stand-in at the size of the benchmarks (1,000+ events, pulled in pages), WordPress's text
// rules in more detail (wptexturize, wpautop, blocks), and the note's "Recurrence" section.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTecSite, type TecSite } from '../support/tec-site/index.ts';
import { renderContent, renderTitle, sanitizeTitle, wpautop, wptexturize } from '../support/tec-site/text.ts';
import { call, inDays } from './client.ts';

let site: TecSite;
before(async () => {
  site = await startTecSite();
});
after(() => site.close());

test('1,200 events: a v1 pull takes 24 pages of 50, a core feed 12 pages of 100, and the request log counts them', async () => {
  const category = await site.admin.createTerm('tribe_events_cat', { name: 'Bulk' });
  const venue = await site.admin.createVenue({ title: 'Bulk Hall' });
  for (let i = 0; i < 1200; i++) {
    const day = 1 + (i % 300);
    await site.admin.createEvent({
      title: `Bulk event ${i}`,
      description: `Description ${i}`,
      startDate: inDays(day, '10:00:00'),
      endDate: inDays(day, '11:00:00'),
      categoryIds: [category],
      venueId: venue,
      cost: '€15',
    });
  }
  site.resetRequestLog();
  const seen = new Set<number>();
  for (let page = 1; ; page++) {
    const reply = await call(site, 'GET', '/tribe/events/v1/events', { query: { per_page: 50, page } });
    assert.equal(reply.status, 200);
    for (const event of reply.body.events) seen.add(event.id);
    if (!reply.body.next_rest_url) break;
  }
  assert.equal(seen.size, 1200);
  assert.equal(site.requests.length, 24);
  site.resetRequestLog();
  let feed = 0;
  for (let page = 1; ; page++) {
    const reply = await call(site, 'GET', '/wp/v2/tribe_events', {
      query: { per_page: 100, page, context: 'edit', status: 'any', _fields: 'id,modified,title.raw' },
    });
    feed += reply.body.length;
    if (page >= Number(reply.headers.get('x-wp-totalpages'))) break;
  }
  assert.equal(feed, 1200);
  assert.equal(site.requests.length, 12);
});

test('Reading › text (wptexturize): quotes, apostrophes, primes, dashes, ellipsis, ×, and & — never inside tags or <code>', () => {
  assert.equal(
    wptexturize(`"Hello," she said -- 'it's 6' 2" tall' ... 3x4 & co`),
    '&#8220;Hello,&#8221; she said &#8212; &#8216;it&#8217;s 6&#8242; 2&#8243; tall&#8217; &#8230; 3&#215;4 &#038; co',
  );
  // WordPress reads '10" as an abbreviated year in quotes, not as a height: kept that way.
  assert.equal(wptexturize(`She is 5'10" tall`), 'She is 5&#8217;10&#8221; tall');
  assert.equal(
    wptexturize("the 90's, 'til then, 1-2 pm - or--not"),
    'the 90&#8217;s, &#8217;til then, 1-2 pm &#8211; or&#8211;not',
  );
  assert.equal(
    wptexturize('<a href="/x?a=1&b=2" title="it\'s">it\'s</a> <code>"raw" & \'kept\'</code>'),
    '<a href="/x?a=1&#038;b=2" title="it\'s">it&#8217;s</a> <code>"raw" & \'kept\'</code>',
  );
  assert.equal(wptexturize('Already &amp; encoded &#8217; &copy;'), 'Already &amp; encoded &#8217; &copy;');
  assert.equal(renderTitle('  Wordpress (tm) night  '), 'WordPress &#8482; night');
});

test('Reading › text (wpautop): paragraphs, <br />, block elements left alone, <pre> untouched; block markup skips wpautop', () => {
  assert.equal(wpautop('One\ntwo\n\nThree'), '<p>One<br />\ntwo</p>\n<p>Three</p>\n');
  assert.equal(
    renderContent('<h2>Title</h2>\nText after\n<ul>\n<li>a</li>\n</ul>'),
    '<h2>Title</h2>\n<p>Text after</p>\n<ul>\n<li>a</li>\n</ul>',
  );
  assert.equal(renderContent('<pre>keep\n\n  "this"</pre>\n\nafter'), '<pre>keep\n\n  "this"</pre>\n<p>after</p>');
  assert.equal(
    renderContent('<!-- wp:paragraph -->\n<p>Block "text"</p>\n<!-- /wp:paragraph -->'),
    '<p>Block &#8220;text&#8221;</p>',
  );
  assert.equal(renderContent(''), '');
});

test('slugs come from sanitize_title(): accents removed, entities dropped, other characters percent-encoded; published duplicates get -2', async () => {
  assert.equal(sanitizeTitle('Café & Bar: Über-Party!'), 'cafe-bar-uber-party');
  const one = await call(site, 'POST', '/tribe/events/v1/events', {
    json: { title: 'Same Title', start_date: inDays(5), end_date: inDays(5, '11:00:00') },
  });
  const two = await call(site, 'POST', '/tribe/events/v1/events', {
    json: { title: 'Same Title', start_date: inDays(6), end_date: inDays(6, '11:00:00') },
  });
  assert.equal(one.body.slug, 'same-title');
  assert.equal(two.body.slug, 'same-title-2');
  assert.equal(two.body.url, `${site.url}/event/same-title-2/`);
});

test('Recurrence › TEC without Pro has no repeating events; `post_parent=` lists the children of a series (children made by Pro, here by the admin)', async () => {
  const parent = await site.admin.createEvent({
    title: 'Series head',
    startDate: inDays(20),
    endDate: inDays(20, '11:00:00'),
  });
  const child = await site.admin.createEvent({
    title: 'Series child',
    startDate: inDays(27),
    endDate: inDays(27, '11:00:00'),
    parent,
  });
  const children = await call(site, 'GET', '/tribe/events/v1/events', { query: { post_parent: parent } });
  assert.deepEqual(
    children.body.events.map((e: any) => e.id),
    [child],
  );
  const bad = await call(site, 'GET', '/tribe/events/v1/events', { query: { post_parent: 99999999 } });
  assert.equal(bad.status, 400);
  const recurrence = await call(site, 'POST', '/tribe/events/v1/events', {
    json: {
      title: 'Weekly?',
      start_date: inDays(3),
      end_date: inDays(3, '11:00:00'),
      recurrence: { rules: [{ type: 'Every Week' }] },
    },
  });
  assert.equal(recurrence.status, 201, 'a rule is not refused…');
  assert.equal(site.snapshot().events.filter((e) => e.title === 'Weekly?').length, 1, '…and makes one event only');
});

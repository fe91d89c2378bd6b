// The stand-in TEC website in its own process, for bench-website-sync.ts: Almanac's CPU time is
// then Almanac's alone. Seeds `--events N` events (for a first pull), says its address over IPC,
// and answers 'cpu' with its own CPU time (the website's share) and 'requests' with its log size.
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import { startTecSite } from '../../test/support/tec-site/index.ts';

const { values } = parseArgs({ options: { events: { type: 'string', default: '0' } } });
const site = await startTecSite({ timezoneString: 'Europe/Berlin' });
const venue = await site.admin.createVenue({ title: 'Bench hall', city: 'Berlin' });
const category = await site.admin.createTerm('tribe_events_cat', { name: 'Bench' });
for (let i = 0; i < Number(values.events); i++) {
  const day = DateTime.now()
    .plus({ days: 1 + (i % 300) })
    .toFormat('yyyy-MM-dd');
  await site.admin.createEvent({
    title: `Website event ${i}`,
    description: `<p>Seeded on the website, number ${i}.</p>`,
    startDate: `${day} 19:00:00`,
    endDate: `${day} 21:00:00`,
    cost: `€${i % 40}`,
    venueId: venue,
    categoryIds: [category],
  });
}
process.send!({ url: site.url });
process.on('message', (message) => {
  if (message === 'cpu') process.send!({ cpu: process.cpuUsage() });
  if (message === 'requests') process.send!({ requests: site.requests.length });
  if (message === 'stop') void site.close().then(() => process.exit(0));
});

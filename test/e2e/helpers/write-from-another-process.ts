// Run as its own process: creates an event in a data dir through the service's own code, on its
// own database connection, as a second server process or the CLI would (it listens on a port of
// its own: the data-dir lock is the service's, not the app's).
// The change stream must carry such a write to open windows (test/e2e/live-refresh.test.ts).
// Usage: node --import tsx write-from-another-process.ts DATA_DIR TITLE START END
import { openDataDir } from '../../../server/data-dir.ts';
import { listen } from '../../../server/listen.ts';

const [dataDir, title, start, end] = process.argv.slice(2);
const store = openDataDir(dataDir!);
const server = await listen({ store, port: 0, readWorker: false });
const token = store.users.createToken(store.users.installAdministrator()!.id, 'another process');
const response = await fetch(`${server.url}/svc/events/v1/events`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ title, start_date: start, end_date: end }),
});
const body = await response.text();
await server.close();
store.close();
if (response.status !== 201) {
  console.error(body);
  process.exit(1);
}
console.log(JSON.parse(body).id);

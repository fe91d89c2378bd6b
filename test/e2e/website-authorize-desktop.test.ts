// Settings → Website in the desktop app: "Get a password from WordPress" asks the main process for
// the almanac:// return address (with the site and the first sync chosen in the form), opens
// WordPress's authorize page with it, and once the user approves there, the link WordPress sends
// back connects the site by itself — the Website page turns to the connected state through the
// change stream, nothing typed. The preload bridge is Electron's (not downloadable here): a
// stand-in with the same shape, whose beginWebsiteAuthorization and openExternal are the main
// process's own logic (electron/website-authorize-link.ts) running in the test.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type App } from './support.ts';
import { startTecSite, type TecSite } from '../support/tec-site/index.ts';
import { answerAuthorizePage } from '../support/tec-site/authorize-answer.ts';
import { PendingAuthorizations, websiteAuthorizeLinks } from '../../electron/website-authorize-link.ts';

let app: App | undefined;
let website: TecSite | undefined;
before(async () => {
  app = await startApp(test as never);
  if (app) website = await startTecSite();
});
after(async () => {
  await website?.close();
  await app?.close();
});

test('desktop: the password WordPress makes comes back to Almanac and connects the site with the chosen first sync', async (t) => {
  if (!app || !website) return t.skip('browser tests unavailable');
  const pending = new PendingAuthorizations();
  const begun: string[][] = [];
  const opened: string[] = [];
  const told: string[] = [];
  const links = websiteAuthorizeLinks({
    pending,
    // As desktop.ts does in-process: the service's PUT …/website with the desktop session.
    connect: async (site, body) => {
      const answer = await app!.api('PUT', `/almanac/v1/sites/${site}/website`, body);
      return answer.status === 200 ? null : JSON.stringify(answer.body);
    },
    focus: () => {},
    tell: (box) => void told.push(box.message),
    log: () => {},
  });
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.exposeFunction('__begin', (site: string, mode: string, url: string) => {
    begun.push([site, mode, url]);
    return pending.begin({ site, mode, url });
  });
  await context.exposeFunction('__open', (url: string) => void opened.push(url));
  // As a string: a function would be serialised with the test compiler's helpers (`__name`) in it.
  await context.addInitScript(`
    window.almanacDesktop = {
      getSession: async () => ${JSON.stringify(app.token)},
      openExternal: async (url) => (await window.__open(url), true),
      beginWebsiteAuthorization: (site, mode, url) => window.__begin(site, mode, url),
      revealDataFolder: async () => {},
      appInfo: async () => ({ version: '0', dataDir: '/', apiRoot: '', platform: 'linux' }),
      restoreBackup: async () => 'cancelled',
      exportPdf: async () => 'cancelled',
      onMenuCommand: () => () => {},
    };`);
  const page = await context.newPage();
  try {
    await page.goto(`${app.service.url}/#/settings`);
    const section = page.getByRole('region', { name: 'Website' });
    await section.getByRole('group', { name: 'The first sync' }).waitFor();
    await section.getByText('Almanac connects this site by itself').waitFor();
    await section.getByLabel('Website address').fill(website.url);
    await section.getByRole('radio', { name: /Publish this calendar/ }).check();
    await section.getByRole('button', { name: 'Get a password from WordPress' }).click();
    await section.getByText('this site connects by itself').waitFor();
    assert.deepEqual(begun, [['default', 'publish', website.url]]);
    assert.equal(opened.length, 1);
    const authorizePage = new URL(opened[0]!);
    assert.match(
      authorizePage.searchParams.get('success_url')!,
      /^almanac:\/\/website-authorized\?site=default&mode=publish&state=/,
    );
    await page.screenshot({ path: '/tmp/auth38-desktop-opened.png' });

    // The user approves on WordPress's page; the browser goes to the almanac:// link; the OS hands it over.
    links.take(await answerAuthorizePage(authorizePage, 'approve'));
    await links.settled();
    assert.deepEqual(told, []);

    // The change stream turns the form into the connected state, nothing typed.
    await section.getByText('Last sync').waitFor();
    const state = await app.api('GET', '/almanac/v1/sites/default/website');
    assert.equal(state.body.connected, true);
    assert.equal(state.body.mode, 'publish');
    await page.screenshot({ path: '/tmp/auth38-desktop-connected.png' });
  } finally {
    await context.close();
  }
});

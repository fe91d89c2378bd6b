// End-to-end harness: the real service (startService) on a fresh temp data dir, the built UI
// (dist/renderer, built by `npm test` before the tests), and Debian's Chromium driven by
// playwright-core. No mocks: what the browser does goes over HTTP to the real server and SQLite.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestContext } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startService, type RunningService } from '../../server/service.ts';
import { chromiumPath, DEFAULT_CONTEXT, launchBrowser } from '../../scripts/ui/browser.ts';

export const UI_DIR = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));

/** Why the browser tests cannot run here, or undefined when they can. */
export function browserUnavailable(): string | undefined {
  if (!chromiumPath())
    return 'no Chromium: apt-get install -y chromium (npm test installs it on Debian), or set CHROMIUM_PATH';
  if (!existsSync(join(UI_DIR, 'index.html'))) return 'the UI is not built: run `npm run build:ui` (npm test does)';
  return undefined;
}

export interface App {
  service: RunningService;
  browser: Browser;
  /** A bearer token of the install administrator, for arranging and checking data over HTTP. */
  token: string;
  /** JSON over HTTP to the default site's svc/events/v1 (or an absolute path), as the administrator. */
  api<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; etag: string | null }>;
  /** A new browser page signed in through the one-time sign-in URL, on `hash` (`#/events`). */
  signedInPage(hash?: string, options?: { locale?: string }): Promise<Page>;
  /** A new browser page, not signed in. */
  anonymousPage(hash?: string): Promise<Page>;
  /**
   * Stops the service, runs `meanwhile` while it is down (the data dir is unlocked then, as after
   * a quit), and starts it again on the same port and data: open pages keep their sign-in cookie.
   */
  restart(meanwhile?: () => Promise<void> | void): Promise<void>;
  dataDir: string;
  close(): Promise<void>;
}

const contexts: BrowserContext[] = [];

export async function startApp(t: TestContext, options: { timezone?: string } = {}): Promise<App | undefined> {
  const reason = browserUnavailable();
  if (reason) {
    t.skip(reason);
    return undefined;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'almanac-e2e-'));
  const start = (port: number) =>
    startService({
      dataDir,
      port,
      tuneHeap: false,
      dailyBackups: false,
      timezone: options.timezone ?? 'America/New_York',
      uiDir: UI_DIR,
    });
  let service = await start(0);
  const browser = await launchBrowser();
  let token = service.createDesktopSession();
  const api: App['api'] = async (method, path, body, headers = {}) => {
    const url = path.startsWith('/') ? `${service.url}${path}` : `${service.apiRoot}/${path}`;
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, etag: response.headers.get('etag') };
  };
  const page = async (url: string, locale?: string) => {
    const context = await browser.newContext({ ...DEFAULT_CONTEXT, ...(locale ? { locale } : {}) });
    contexts.push(context);
    const created = await context.newPage();
    created.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await created.goto(url);
    return created;
  };
  const app: App = {
    service,
    browser,
    token,
    api,
    async signedInPage(hash = '', pageOptions = {}) {
      const created = await page(service.signInUrl(), pageOptions.locale);
      await created.getByText(/Signed in as admin|Sesión iniciada como admin/).waitFor();
      if (hash) await created.evaluate((target) => (window.location.hash = target), hash);
      return created;
    },
    async anonymousPage(hash = '') {
      return page(`${service.url}/${hash}`);
    },
    async restart(meanwhile) {
      const { port } = service;
      await service.stop();
      await meanwhile?.();
      service = await start(port);
      if (service.port !== port) throw new Error(`restarted on port ${service.port}, not ${port}`);
      app.service = service;
      app.token = token = service.createDesktopSession(); // desktop sessions live in memory
    },
    dataDir,
    async close() {
      for (const context of contexts.splice(0)) await context.close().catch(() => {});
      await browser.close();
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}

/** An event of this month (New York): its day and its times ('19:00'). */
export interface MonthEvent {
  title: string;
  day: number;
  from: string;
  to: string;
}

/** startApp, then `events` created through the API: the setup several files share. */
export async function startAppWithEvents(t: TestContext, events: MonthEvent[]): Promise<App | undefined> {
  const app = await startApp(t);
  if (!app) return undefined;
  const month = thisMonth();
  for (const { title, day, from, to } of events) {
    const created = await app.api('POST', 'events', {
      title,
      start_date: `${dayOf(month, day)} ${from}`,
      end_date: `${dayOf(month, day)} ${to}`,
    });
    if (created.status !== 201) throw new Error(`creating “${title}”: ${created.status}`);
  }
  return app;
}

/** 'YYYY-MM' of the current month in New York (the tests' site zone), and a day in it. */
export function thisMonth(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' }).format(
    new Date(),
  );
}
/** 'YYYY-MM' of the month after thisMonth(). */
export function nextMonth(): string {
  const [year, month] = thisMonth().split('-').map(Number) as [number, number];
  return `${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}`;
}
export const dayOf = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;

/**
 * Opens an event's editor as a user does: a click on the event (in the calendar or the list) opens
 * its card, and the card's Edit opens the editor. Returns the editor dialog.
 */
export async function editFromCard(page: Page, event: Locator): Promise<Locator> {
  await event.click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Edit|Editar)$/ })
    .click();
  return page.getByRole('dialog', { name: /^(Edit event|Editar evento)$/ });
}

/** axe-core's serious and critical violations on the page as it is, each named with `name`. */
export { scan as axeProblems } from './helpers/axe.ts';

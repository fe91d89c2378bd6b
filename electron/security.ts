// What the window may do, decided in one place (after actualbudget/actual's security.ts):
// - it shows only the app's own origin (the local service: http://127.0.0.1:PORT);
// - navigating elsewhere or opening a new window is denied; an http(s) link opens in the OS
//   browser instead, and nothing but http(s) ever reaches shell.openExternal (a `file:` or custom
//   scheme URL there could start a program);
// - no <webview>, and every permission request (camera, notifications, geolocation…) is denied,
//   but one: writing text to the clipboard (the Copy buttons of tokens and subscription
//   addresses), for the app's own page only.
import type { Event, HandlerDetails, Session, Shell, WebContents, WindowOpenHandlerResponse } from 'electron';

/** Whether `url` is on the app's own origin (scheme, host and port all equal). */
export function isAppUrl(url: string, appOrigin: string): boolean {
  try {
    return new URL(url).origin === appOrigin;
  } catch {
    return false;
  }
}

/** Whether `url` may be handed to the OS browser: http or https, nothing else. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export type OpenExternal = Pick<Shell, 'openExternal'>;

/** Opens an http(s) URL in the OS browser; anything else is refused. Returns whether it opened. */
export function openExternalSafely(shell: OpenExternal, url: string): boolean {
  if (!isExternalWebUrl(url)) return false;
  void shell.openExternal(url);
  return true;
}

export type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/** Applies the navigation, new-window and webview rules to one web contents. */
export function guardWebContents(contents: GuardedContents, appOrigin: string, shell: OpenExternal): void {
  const leaveApp = (event: Event, url: string) => {
    if (isAppUrl(url, appOrigin)) return;
    event.preventDefault();
    openExternalSafely(shell, url);
  };
  contents.on('will-navigate', (event) => leaveApp(event, event.url));
  contents.on('will-redirect', (event) => leaveApp(event, event.url));
  // Subframes (the app has none): never anywhere else, and nothing opened for them.
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame && !isAppUrl(event.url, appOrigin)) event.preventDefault();
  });
  contents.setWindowOpenHandler((details: HandlerDetails): WindowOpenHandlerResponse => {
    openExternalSafely(shell, details.url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export type GuardedSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

/** The one permission the app's page gets: navigator.clipboard.writeText (never reading it). */
export const CLIPBOARD_WRITE = 'clipboard-sanitized-write';

/** Whether `permission`, asked by the frame at `requestingUrl`, is granted: the clipboard write, to the app's main frame. */
export function isPermissionGranted(
  permission: string,
  requestingUrl: string | undefined,
  isMainFrame: boolean,
  appOrigin: string,
): boolean {
  return (
    permission === CLIPBOARD_WRITE && isMainFrame && requestingUrl !== undefined && isAppUrl(requestingUrl, appOrigin)
  );
}

/** Denies every permission request and check of the window's session, but the app page's clipboard write. */
export function guardSession(session: GuardedSession, appOrigin: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(
      isPermissionGranted(
        permission,
        'requestingUrl' in details ? details.requestingUrl : undefined,
        details.isMainFrame,
        appOrigin,
      ),
    ),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isPermissionGranted(permission, details.requestingUrl ?? requestingOrigin, details.isMainFrame, appOrigin),
  );
}

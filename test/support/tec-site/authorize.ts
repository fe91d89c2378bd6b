// WordPress's authorize-application page (`/wp-admin/authorize-application.php`): the user signs in,
// approves, and WordPress sends the new application password to `success_url` as `site_url`,
// `user_login` and `password`; a refusal goes to `reject_url` (or `success_url`) with `success=false`.
// A custom scheme is accepted; `http` only on a `local` site; nothing at all when application passwords
// are unavailable. (The real page has a separate sign-in step; here one form does both.)
import type http from 'node:http';
import { applicationPasswordsAvailable } from './auth.ts';
import type { PageResponse } from './site-pages.ts';
import type { SiteStore } from './store.ts';

function page(status: number, title: string, body: string): PageResponse {
  return {
    status,
    headers: { 'Content-Type': 'text/html; charset=UTF-8' },
    body: `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`,
  };
}

function escape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** wp_is_authorize_application_redirect_url_valid(). */
function redirectProblem(store: SiteStore, url: string): string | null {
  if (!url) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme || ['javascript', 'data'].includes(scheme)) return 'The URL must be a valid URL.';
  if (scheme === 'http' && store.settings.environment !== 'local')
    return 'The URL must be served over a secure connection.';
  return null;
}

function withQuery(target: string, values: Record<string, string>): string {
  const query = Object.entries(values)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
  return `${target}${target.includes('?') ? '&' : '?'}${query}`;
}

export function authorizeApplicationPage(
  store: SiteStore,
  req: http.IncomingMessage,
  url: URL,
  body: Buffer,
): PageResponse {
  const form = req.method === 'POST' ? new URLSearchParams(body.toString('utf8')) : url.searchParams;
  const appName = form.get('app_name') ?? '';
  const appId = form.get('app_id') ?? '';
  const successUrl = form.get('success_url') ?? '';
  const rejectUrl = form.get('reject_url') ?? '';
  if (!applicationPasswordsAvailable(store)) return page(501, 'Application passwords are not available.', '');
  if (appId && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(appId)) {
    return page(400, 'The application ID must be a UUID.', '');
  }
  const problem = redirectProblem(store, successUrl) ?? redirectProblem(store, rejectUrl);
  if (problem) return page(400, problem, '');

  if (req.method !== 'POST') {
    const hidden = Object.entries({ app_name: appName, app_id: appId, success_url: successUrl, reject_url: rejectUrl })
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escape(v)}">`)
      .join('');
    return page(
      200,
      'Authorize Application',
      `<p>Would you like to give access to your account to <strong>${escape(appName)}</strong>?</p>
<form method="post" action="/wp-admin/authorize-application.php">${hidden}
<label>Username <input name="log" id="user_login"></label>
<label>Password <input name="pwd" id="user_pass" type="password"></label>
<button name="action" value="approve" id="approve">Yes, I approve of this connection</button>
<button name="action" value="reject" id="reject">No, I do not approve of this connection</button>
</form>`,
    );
  }
  if (form.get('action') === 'reject') {
    const target = rejectUrl || successUrl;
    if (!target) return page(200, 'Connection rejected', '');
    return { status: 302, headers: { Location: withQuery(target, { success: 'false' }) }, body: '' };
  }
  const user = store.userByLogin(form.get('log') ?? '');
  if (!user || user.password !== (form.get('pwd') ?? ''))
    return page(403, 'Error: the username or password is incorrect.', '');
  const password = Array.from(
    { length: 24 },
    () => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[Math.floor(Math.random() * 62)],
  ).join('');
  user.appPasswords.push({ uuid: crypto.randomUUID(), name: appName, password, appId });
  const shown = password.replace(/(.{4})(?!$)/g, '$1 ');
  if (!successUrl)
    return page(200, 'Your new password', `<p>Your new password for ${escape(appName)} is: <kbd>${shown}</kbd></p>`);
  return {
    status: 302,
    headers: { Location: withQuery(successUrl, { site_url: store.url, user_login: user.login, password: shown }) },
    body: '',
  };
}

// The user at WordPress's authorize-application page (authorize.ts), as the tests play them: signs in
// as admin and approves, or refuses; the answer is where WordPress sends the browser (its Location).
import assert from 'node:assert/strict';

export async function answerAuthorizePage(page: URL, action: 'approve' | 'reject'): Promise<string> {
  const response = await fetch(new URL(page.pathname, page), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(page.searchParams), log: 'admin', pwd: 'password', action }),
    redirect: 'manual',
  });
  assert.equal(response.status, 302, await response.text());
  return response.headers.get('location')!;
}

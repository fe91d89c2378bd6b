// Failure injection: the next matching requests fail with a status before anything is written
// (`failNext`), or are carried out and then lose their answer — the socket is destroyed after the save
// (`loseResponseAfterSave`), as when a connection drops between PHP's commit and the client.

export type RequestMatch = { method?: string; path?: string | RegExp };

interface Rule {
  match: RequestMatch;
  remaining: number;
  status: number;
}

export function matches(match: RequestMatch, method: string, pathname: string): boolean {
  if (match.method && match.method.toUpperCase() !== method.toUpperCase()) return false;
  if (match.path === undefined) return true;
  if (match.path instanceof RegExp) return match.path.test(pathname);
  const want = match.path.replace(/\/+$/, '');
  const have = pathname.replace(/\/+$/, '');
  return have === want || have === `/wp-json${want.startsWith('/') ? '' : '/'}${want}`;
}

export class Failures {
  private readonly fails: Rule[] = [];
  private readonly losses: Rule[] = [];

  failNext(match: RequestMatch, status: number, times: number): void {
    this.fails.push({ match, remaining: times, status });
  }

  loseResponseAfterSave(match: RequestMatch, times: number): void {
    this.losses.push({ match, remaining: times, status: 0 });
  }

  /** The status to fail this request with, consuming one use of the first matching rule. */
  takeFail(method: string, pathname: string): number | null {
    return take(this.fails, method, pathname)?.status ?? null;
  }

  takeLoss(method: string, pathname: string): boolean {
    return take(this.losses, method, pathname) !== null;
  }
}

function take(rules: Rule[], method: string, pathname: string): Rule | null {
  const rule = rules.find((r) => r.remaining > 0 && matches(r.match, method, pathname));
  if (!rule) return null;
  rule.remaining--;
  if (rule.remaining === 0) rules.splice(rules.indexOf(rule), 1);
  return rule;
}

/** What a failing WordPress answers: its "critical error" JSON for a 500, a plain page otherwise. */
export function failureBody(status: number): { contentType: string; body: string; headers: Record<string, string> } {
  if (status === 500) {
    return {
      contentType: 'application/json; charset=UTF-8',
      body: JSON.stringify({
        code: 'internal_server_error',
        message:
          '<p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>',
        data: { status: 500 },
        additional_errors: [],
      }).replaceAll('/', '\\/'),
      headers: {},
    };
  }
  if (status === 503) {
    return {
      contentType: 'text/html; charset=utf-8',
      body: '<!DOCTYPE html><html><head><title>Maintenance</title></head><body><h1>Briefly unavailable for scheduled maintenance. Check back in a minute.</h1></body></html>',
      headers: { 'Retry-After': '600' },
    };
  }
  // Other 4xx come from WordPress itself (JSON in its error shape); 429 and other 5xx from what stands in
  // front of PHP (a rate limiter, a proxy), as an HTML page.
  const wordpress: Record<number, [string, string]> = {
    400: ['rest_invalid_param', 'Invalid parameter(s): injected'],
    401: ['incorrect_password', 'The provided password is an invalid application password.'],
    403: ['rest_forbidden', 'Sorry, you are not allowed to do that.'],
    404: ['rest_no_route', 'No route was found matching the URL and request method.'],
  };
  const known = wordpress[status];
  if (known) {
    return {
      contentType: 'application/json; charset=UTF-8',
      body: JSON.stringify({ code: known[0], message: known[1], data: { status } }),
      headers: {},
    };
  }
  return {
    contentType: 'text/html; charset=utf-8',
    body: `<html><head><title>${status}</title></head><body><h1>${status}</h1></body></html>`,
    headers: status === 429 ? { 'Retry-After': '30' } : {},
  };
}

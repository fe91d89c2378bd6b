// Which site this page shows, from its path: the UI is served at every site's base URL
// (`/` for the default site, `/mx/` for site mx), and talks to that site's API, same-origin.

/** The site code in `pathname` ('default' at the root). */
function siteFromPath(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0];
  return first && /^[a-z0-9-]+$/.test(first) ? first : 'default';
}

/** The site's base path: '' for the default site, '/mx' for mx. */
export const sitePath = (site: string) => (site === 'default' ? '' : `/${site}`);

export const currentSite = () => siteFromPath(window.location.pathname);

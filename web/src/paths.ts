/**
 * Where the page's server is: everything of the page's path before `/web/`. The page at `/web/`
 * talks to `/web/api` and `/control`; the same page of a workspace, at `/w/NAME/web/`, talks to
 * `/w/NAME/web/api` and `/w/NAME/control`. (The last `/web/` counts: a workspace may be named "web".)
 */
export function serverRoot(pathname: string): string {
  const at = pathname.lastIndexOf('/web/');
  if (at >= 0) return pathname.slice(0, at);
  // `/w/NAME/web` without its slash (the server redirects it, but a page may be loaded so).
  return pathname.endsWith('/web') ? pathname.slice(0, -'/web'.length) : '';
}

const root = serverRoot(location.pathname);

/** The person API, `<root>/web/api`. */
export const API_ROOT = `${root}/web/api`;
/** The control API, `<root>/control`. */
export const CONTROL_ROOT = `${root}/control`;

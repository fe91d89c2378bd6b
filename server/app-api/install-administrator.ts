// The install's own administrator (users.super_admin): the one who may create sites, manage
// backups and allow web origins — what the CLI may do on the data dir. Site roles do not reach it.
import type { RequestContext } from '../http/context.ts';
import { forbidden } from '../operations/errors.ts';

const isInstallAdministrator = (ctx: RequestContext): boolean =>
  ctx.actor !== null && ctx.store.users.byId(ctx.actor.userId)?.super_admin === 1;

/** An endpoint permission: 401 anonymous, 403 anyone else. */
export function installAdministratorOnly({ ctx }: { ctx: RequestContext }): void {
  if (!isInstallAdministrator(ctx)) throw forbidden(ctx.actor !== null);
}

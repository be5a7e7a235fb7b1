/**
 * `/control/workspaces`: create, list, show, reset and delete workspaces (ADR 0061). The server
 * (server/workspaces.ts) keeps them; these routes answer only in the default workspace's control API.
 */
import {
  ControlError,
  type ControlContext,
  type RouteContext,
  type WorkspaceManager,
} from '../control-context.js';

function manager(ctx: ControlContext<unknown>): WorkspaceManager {
  if (ctx.workspaces === undefined) {
    throw new ControlError(
      404,
      'WORKSPACES_NOT_HERE',
      "workspaces are managed in the server's default control API (/control), not in a workspace's",
    );
  }
  return ctx.workspaces;
}

export const createWorkspace = (ctx: RouteContext<'createWorkspace'>) =>
  manager(ctx).create(ctx.input.name, ctx.origin);

export const listWorkspaces = (ctx: RouteContext<'listWorkspaces'>) => manager(ctx).list(ctx.origin);

export const getWorkspace = (ctx: RouteContext<'getWorkspace'>) =>
  manager(ctx).get(ctx.path.name!, ctx.origin);

export const resetWorkspace = (ctx: RouteContext<'resetWorkspace'>) =>
  manager(ctx).reset(ctx.path.name!, ctx.origin);

export async function deleteWorkspace(ctx: RouteContext<'deleteWorkspace'>): Promise<true> {
  await manager(ctx).delete(ctx.path.name!);
  return true;
}

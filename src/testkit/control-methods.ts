/**
 * The control client's methods as the control API's schema gives them (ADR 0110): a route's method,
 * by its operation id, takes the route's path parameters and its body (POST) or query (GET) as one
 * object, and answers the route's result. `requestSpec` is the same reading at run time.
 */
import type {
  ControlApi,
  ParamGroup,
  ParamsOfFields,
  RouteId,
  RouteSpec,
} from '../wire/control-schema/index.js';
import { CONTROL_API } from '../wire/control-schema/routes.js';
import type { ResultOf } from '../wire/control-types.js';
import type { Query, RequestSpec } from './control-transport.js';

export interface WaitOptions {
  /** Abandons the wait on the client side (the server still answers when its timeout ends). */
  signal?: AbortSignal;
}

type PathParamsOf<R> = R extends { readonly pathParams: infer P }
  ? { -readonly [N in keyof P]: P[N] extends { readonly type: 'integer' } ? number : string | number }
  : unknown;
type BodyParamsOf<R> = R extends { readonly params: ParamGroup<string, infer F> }
  ? ParamsOfFields<F>
  : unknown;
type Takes<K extends RouteId> = PathParamsOf<ControlApi[K]> & BodyParamsOf<ControlApi[K]>;
type Simplify<T> = { [P in keyof T]: T[P] } & {};

/** What route `K` takes: its path parameters (`{id}`) and its body or query. */
export type RequestParams<K extends RouteId> = Simplify<Takes<K>>;

/** The arguments of route `K`'s method: none, or its parameters (optional when all are) and options. */
export type RouteArgs<K extends RouteId> =
  unknown extends Takes<K>
    ? []
    : Record<string, never> extends Takes<K>
      ? [params?: RequestParams<K>, options?: WaitOptions]
      : [params: RequestParams<K>, options?: WaitOptions];

/** A method of every route, by its operation id. */
export type RouteMethods = {
  [K in RouteId]: (...args: RouteArgs<K>) => Promise<ResultOf<K>>;
};

/**
 * The request of route `id` with these parameters: the path's `{name}`s filled from them (encoded),
 * the rest the JSON body of a POST or the query of a GET. A route with a `timeout` parameter is held
 * by the server for that long (its default when absent).
 */
export function requestSpec(id: RouteId, params: object = {}, signal?: AbortSignal): RequestSpec {
  const route: RouteSpec = CONTROL_API[id];
  const given = params as Record<string, unknown>;
  let path = route.path;
  let rest = given;
  // Most routes (a message, a wait) have no path parameter: their parameters are the body as given.
  if (path.includes('{')) {
    const inPath = new Set<string>();
    path = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      inPath.add(name);
      return encodeURIComponent(String(given[name]));
    });
    rest = Object.fromEntries(Object.entries(given).filter(([name]) => !inPath.has(name)));
  }
  const timeout = route.params?.fields.timeout;
  const holdSeconds = timeout ? Number(rest.timeout ?? timeout.default) : undefined;
  if (route.method === 'GET') return { method: 'GET', path, query: rest as Query, holdSeconds, signal };
  return { method: 'POST', path, body: route.params ? rest : undefined, holdSeconds, signal };
}

import type { RpcMethod, RpcMethods } from "./rpc.server.ts";

/**
 * The methods of the remote-procedure channel (specification section 7).
 *
 * Contract for method modules:
 * - Put a module at `app/lib/rpc/methods/{area}.server.ts` that exports `methods`, a map of method name to
 *   `rpcMethod({ payload, handler })` (see `rpc.server.ts`). The registry picks every such file up at build
 *   time; nothing else needs editing. A method name may be defined by one module only.
 * - `payload` is a zod schema for `body.payload` (`undefined` when the body has none). Invalid payloads are
 *   answered 400 (`application/problem+json`, `detail` "The following properties are invalid", `errors`
 *   per field in the specification's wording) and the handler does not run.
 * - `handler(ctx, payload)` gets `ctx = { request, store, shop, browserId, services, customer }`:
 *   `store` is the `StoreRequest` of the store named by the `x-shop-id` header (services, shop, browserId,
 *   csrfToken, setCookie), `customer` the signed-in customer from `getCustomer(store, request)` or null,
 *   `services` the process services (db, clock, secret, config, imageUrl).
 * - It returns the JSON answer (200), an `RpcProblem` for expected failures (`failureProblem(failure)`;
 *   throwing one works too), or a `Response`. Anything else it throws is a bug: logged, answered 500.
 * - CSRF is checked before any method runs (root middleware: header `x-csrf-token`); the shop id is checked
 *   by the route (missing or unknown: 400).
 */
type MethodModule = { methods?: RpcMethods };

const modules = import.meta.glob<MethodModule>("./methods/*.server.ts", { eager: true });

function collect(): Map<string, RpcMethod> {
  const registry = new Map<string, RpcMethod>();
  const owner = new Map<string, string>();
  for (const [file, module] of Object.entries(modules)) {
    for (const [name, method] of Object.entries(module.methods ?? {})) {
      const previous = owner.get(name);
      if (previous) throw new Error(`RPC method ${name} is defined twice: ${previous} and ${file}`);
      owner.set(name, file);
      registry.set(name, method);
    }
  }
  return registry;
}

const registry = collect();

export function rpcMethodNamed(name: string): RpcMethod | undefined {
  return registry.get(name);
}

export function rpcMethodNames(): string[] {
  return [...registry.keys()].sort();
}

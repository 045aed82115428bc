import type { TestApp } from './test-app';

interface Layer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Every route Express has registered in the app, routers' mounts included, as
 * "method /path": the method lower-case, the path in Express's syntax (`:id`).
 */
export function expressRoutes(app: TestApp['app']): string[] {
  const routes: string[] = [];
  const walk = (stack: Layer[] | undefined, prefix: string) => {
    for (const layer of stack ?? []) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') routes.push(`${method} ${prefix}${layer.route.path}`);
        }
      } else if (Array.isArray(layer.handle?.stack)) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return routes;
}

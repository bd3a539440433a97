import { type ComponentType, lazy } from 'react';

/** React.lazy for route modules, which export their page as `Component`. */
export function lazyPage(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(() => load().then((module) => ({ default: module.Component })));
}

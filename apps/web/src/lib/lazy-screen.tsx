import type { LazyComponent } from './lazy-component';
import type { RouteObject } from './router/router';

/** A route whose element is a lazy screen: the browser loads it before hydrating a prerendered page. */
export function screen<Props extends object>(
  Screen: LazyComponent<Props>,
  props: NoInfer<Props>,
  route: RouteObject = {},
) {
  return { ...route, element: <Screen {...props} />, preload: Screen.preload };
}

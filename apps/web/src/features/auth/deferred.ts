/**
 * The contract's rules and the endpoint records behind the http client build zod schemas when
 * imported (about 23 KB gzip). The login page paints without them, starts loading them at once,
 * and awaits them only if the user validates or submits before they arrive.
 */
export const loadRules = () => import('@zb/contract/rules');
export const loadApi = () => import('./api');

export const preloadSignIn = (): void => {
  void loadRules();
  void loadApi();
};

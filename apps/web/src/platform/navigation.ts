/**
 * Navigation for code outside React (the http client). The app registers the router's
 * navigate at start; before that, and in isolation, it falls back to a full page load.
 */
type Navigator = (to: string) => void;

let navigator: Navigator = (to) => window.location.assign(to);

export const setNavigator = (next: Navigator): void => {
  navigator = next;
};

export const navigateTo = (to: string): void => navigator(to);

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

/** The `id` of a detail page's query (?id=N): a positive int4, or null for anything else. */
export const idOfSearch = (search: string): number | null => {
  const raw = new URLSearchParams(search).get('id');
  const n = Number(raw);
  return raw !== null && /^\d{1,10}$/.test(raw) && n > 0 && n <= 2_147_483_647 ? n : null;
};

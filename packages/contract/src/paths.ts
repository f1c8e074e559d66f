/** Routes outside the shell (SPEC §2.1), apart from the route table so /login loads without it. */
export const PUBLIC_PATHS = {
  login: '/login',
  xxbLogin: '/xxbLogin',
  relogin: '/relogin',
  notFound: '/404',
  welcome: '/welcome',
} as const;

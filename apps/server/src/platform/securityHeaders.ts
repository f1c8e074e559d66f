/**
 * Security headers on every answer of the server — pages, assets, API calls, downloads and
 * errors alike — so no other site can frame the console, a browser never sniffs a type, and a
 * URL never leaks to another origin.
 *
 * The Content-Security-Policy is the one the built app runs under (checked in Chromium by
 * e2e/csp.test.ts): scripts only from this origin (the build has no inline script); styles from
 * this origin and inline (antd's CSS-in-JS writes <style> elements and style attributes, the
 * WeCom simulator pages under /wxsim carry one <style>); images from this origin, data: (the
 * watermark tile, upload previews read as data URLs) and blob:; calls only to this origin; the
 * simulator's forms post only here. The report pages' ECharts charts draw on a canvas, which
 * needs no source, and set their styles through the DOM: they run under this policy unchanged
 * (e2e/reports.test.ts watches /stockCost's chart for violations).
 */
import fp from 'fastify-plugin';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CSP,
  // frame-ancestors for browsers that predate CSP level 2.
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

/** onSend runs for every reply, errors and not-found answers included. */
export const securityHeadersPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (_req, reply, payload) => {
      reply.headers(SECURITY_HEADERS);
      return payload;
    });
  },
  { name: 'security-headers' },
);

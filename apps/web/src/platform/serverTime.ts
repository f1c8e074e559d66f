/** Server time (SPEC §7): every response's Date header updates the offset from the local clock. */
let offsetMs = 0;

export const noteServerDate = (header: string | null, localNow: number = Date.now()): void => {
  if (!header) return;
  const server = Date.parse(header);
  if (!Number.isNaN(server)) offsetMs = server - localNow;
};

/** Milliseconds since the epoch on the server's clock (to the second, as the header is). */
export const serverNow = (): number => Date.now() + offsetMs;

export const serverOffsetMs = (): number => offsetMs;

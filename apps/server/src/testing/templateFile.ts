/**
 * Prints the path of this checkout's seeded PGlite dump, building it first when it is missing:
 * how the e2e set-up (a project of its own, outside the server's code) reaches it.
 */
import { pgliteTemplateFile } from './pgliteTemplate';

process.stdout.write(`${await pgliteTemplateFile()}\n`);

// Side-effect module: every zod error message produced in this process (server or browser) is French.
// Import it once at each entry point, before any validation runs.
import { z } from 'zod';
import { fr } from 'zod/locales';

z.config(fr());

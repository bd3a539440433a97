// Benchmark scenarios, declared in one place: each module adds its own in a few lines.
// `ctx` is the seeded dataset (one company, its owner's session, 50 users).
export interface BenchContext {
  token: string;
  email: string;
  password: string;
  userIds: string[];
}

export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string | ((ctx: BenchContext) => string);
  body?: (ctx: BenchContext) => unknown;
  headers?: (ctx: BenchContext) => Record<string, string>;
  /** Extra seeding before the run (through the API). */
  setup?: (ctx: BenchContext, baseUrl: string) => Promise<void>;
  /** Deliberately slow (password hashing): reported apart, not compared with the bare route. */
  slow?: boolean;
}

const bearer = (ctx: BenchContext) => ({ authorization: `Bearer ${ctx.token}` });

export const scenarios: Scenario[] = [
  { name: 'GET /api/auth/me', method: 'GET', path: '/api/auth/me', headers: bearer },
  { name: 'GET /api/users?limit=50 (50 rows)', method: 'GET', path: '/api/users?limit=50', headers: bearer },
  {
    name: 'POST /api/auth/login',
    method: 'POST',
    path: '/api/auth/login',
    body: (ctx) => ({ email: ctx.email, password: ctx.password }),
    slow: true,
  },
];

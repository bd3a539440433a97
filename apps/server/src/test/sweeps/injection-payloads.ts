// What the injection sweep (injection.test.ts) writes into every text field, query parameter and
// path parameter: SQL injection payloads grouped in classes. Every field receives at least one
// payload of every class; which one of a class rotates from field to field, so that every payload
// is sent somewhere in a run. The pg_sleep payloads sleep 2 s or more, twice the sweep's 1 s limit.

/**
 * The other company's id and owner's e-mail, as SQL expressions that build them by concatenation
 * (`'9b88' || 'fbae-…'`): a payload names them without holding them, so that an answer which merely
 * echoes a payload (a name just saved) never looks like a leak of the canary.
 */
export interface Victim {
  companyId: string;
  email: string;
}

export const victimOf = (companyId: string, email: string): Victim => {
  const split = (s: string) => `${s.slice(0, 4)}' || '${s.slice(4)}`;
  return { companyId: split(companyId), email: split(email) };
};

export interface PayloadClass {
  name: string;
  payloads: (v: Victim) => string[];
}

export const payloadClasses: PayloadClass[] = [
  {
    name: 'quote',
    payloads: () => ["'", "O'Brien", "''", "' OR '1'='1", '"', '" OR ""="', "'||'", "`'`"],
  },
  {
    name: 'backslash',
    payloads: () => ['\\', "\\'", '\\\\', "a\\' OR 1=1 --", "E'\\x27'", '\\x00', '\\u0027'],
  },
  {
    // Positional parameters written into text: a driver or a helper that substitutes `$n` after
    // quoting (the issue's `action=$6/`) puts another field's value outside its quotes.
    name: 'dollar-n',
    payloads: () => [
      '$1',
      '$2',
      '$3',
      '$4',
      '$5',
      '$6/',
      '$7',
      '$8',
      '$9',
      "$1' OR '1'='1",
      '$1$2$3$4$5$6$7$8$9',
      '$10',
    ],
  },
  {
    name: 'dollar-quote',
    payloads: () => ['$$', '$$ or true or $$', '$tag$', '$tag$ or true or $tag$', "$a$'$a$", '$$;$$'],
  },
  {
    // Stacked statements: the issue's `;set role postgres;commit;` and a session-wide company.
    name: 'semicolon',
    payloads: (v) => [
      ';',
      ';set role postgres;commit;',
      "';set role postgres;commit;--",
      "x');set role postgres;commit;--",
      "';reset role;set session authorization default;--",
      `';select set_config('app.company_id', '${v.companyId}', false);commit;--`,
      `;select set_config('app.company_id', '${v.companyId}', false);commit;`,
    ],
  },
  {
    name: 'comment',
    payloads: () => ['--', '/*', '*/', "' --", "'/*", 'a -- b', "'; --", '/* */ or true --'],
  },
  {
    // The predicates (`entity=or true or a.action =` with `action=$6/`) and classic ones.
    name: 'tautology',
    payloads: () => [
      'or true or a.action =',
      "' or true or '",
      "1' or '1'='1' --",
      ') or (true',
      "' or 1=1--",
    ],
  },
  {
    name: 'pg_sleep',
    payloads: () => [
      'and (select true from pg_sleep(2)) or a.action =',
      "' or (select true from pg_sleep(2)) or '",
      "'||pg_sleep(2)||'",
      "';select pg_sleep(2);--",
      ';select pg_sleep(2);',
      '1) or (select pg_sleep(2)) is null --',
      '$$||pg_sleep(2)||$$',
      "' and 1=(select 1 from pg_sleep(3)) and '1'='1",
    ],
  },
  {
    // Reading the other company's owner through the function that bypasses row-level security.
    name: 'union',
    payloads: (v) => [
      `' union all select password_hash from auth_login_candidate('${v.email}') --`,
      `or true union all select null from auth_login_candidate('${v.email}') where a.action =`,
      `') union all select company_id::text, user_id::text, password_hash from auth_login_candidate('${v.email}') --`,
      `';select * from auth_login_candidate('${v.email}');--`,
      `' union select current_user --`,
    ],
  },
  {
    // PostgreSQL text cannot hold a NUL; a hand-quoting helper would cut the statement at it.
    name: 'nul',
    payloads: () => ['\u0000', 'a\u0000b', "'\u0000", "\u0000';select pg_sleep(2);--", '$1\u0000'],
  },
];

/** `'ab' || 'cd'` as `$e$ab$e$ || $e$cd$e$`. */
const dollarQuoted = (expr: string) => `$e$${expr.replace(/' \|\| '/g, '$e$ || $e$')}$e$`;

/**
 * The fragments sent beside a `$n` carrier (see the sweep's second pass): what another field's
 * value would be when a `$n` written into one field is replaced by it.
 */
/**
 * Each one shows when it runs: the sleep by the time, the UNION by a hash in the answer or by an
 * error (its column count rarely fits), the stacked statements by the role they leave (and the error
 * of what follows them). No quotes: a value substituted for `$n` comes quoted with its quotes
 * doubled, so a string inside a fragment is dollar-quoted.
 */
export const fragments = (v: Victim) => [
  'and (select true from pg_sleep(2)) or a.action =',
  `or false union all select null from auth_login_candidate(${dollarQuoted(v.email)}) where a.action =`,
  ';set role postgres;commit;select from audit_log a where a.action =',
];

/**
 * For a route whose plain answer is slow (a document built in a worker): four probes per field
 * instead of one per class, every class still present. The first payload gathers the short
 * classes in one text (any of them that reaches SQL text breaks the statement: a 5xx); the
 * others are as in their class.
 */
export const compactProbes = (v: Victim): { classes: string[]; payloads: string[] }[] => [
  {
    classes: ['quote', 'backslash', 'dollar-n', 'dollar-quote', 'semicolon', 'comment'],
    payloads: ["O'B\\ $6/ $$ $tag$ ; -- /*", "'\\$1$$;--", "$9/'\\$tag$;/*", "$$'$3\\;--"],
  },
  {
    classes: ['tautology', 'union'],
    payloads: [
      `or true union all select null from auth_login_candidate('${v.email}') where a.action =`,
      `' or true union all select password_hash from auth_login_candidate('${v.email}') --`,
    ],
  },
  { classes: ['pg_sleep'], payloads: payloadClasses.find((c) => c.name === 'pg_sleep')?.payloads(v) ?? [] },
  { classes: ['nul'], payloads: payloadClasses.find((c) => c.name === 'nul')?.payloads(v) ?? [] },
];

// What the sweeps know of a kind of resource, and the unique suffix of everything they create.
import type { Fixture } from './fixture';

export interface Kind {
  name: string;
  /** Collection path: `POST prefix` creates one, `prefix/:id` addresses one. */
  prefix: string;
  /** Body and query fields that hold the id of a resource of this kind. */
  refFields: string[];
  /** Body of the create call; default: a minimal valid sample of the contract's body schema. */
  body?: (unique: string, ref: (field: string) => string | undefined) => unknown;
  /** Custom creation when `POST prefix` is not how this kind comes to exist; returns the id. */
  create?: (f: Fixture) => Promise<string>;
  /**
   * Route patterns whose parameter this kind fills beyond `prefix/:id`: a resource that is no row of
   * a list of the company (a backup file of the server: `/api/settings/backups/:name`; its `prefix`
   * then names no list route, so that no sweep looks for it in one), or one addressed under another
   * module's path (a site's panels in test: `/api/panels/sites/:id/test`).
   */
  paths?: string[];
}

let counter = 0;
export const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** How many unique suffixes were made so far (varies the client address of creations). */
export const uniqueCount = () => counter;

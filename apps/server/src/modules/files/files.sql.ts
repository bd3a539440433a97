// SQL the files module offers to a module that stores files in the same statement as its own write
// (a main courante entry with its photos is one statement: logbook/entry-write.ts), so that no other
// module names the files table.
import { type SQL, sql } from 'drizzle-orm';
import { files } from '../../db/schema';

/**
 * An INSERT of `items` (ids chosen by the caller) for each row of `gate`, a relation of the statement
 * of one row or none: none stores nothing. The bytes travel as base64 text (the statement has no
 * binary parameter in one simple-protocol message).
 */
export const insertFilesSql = (
  companyId: string,
  file: { kind: string; contentType: string },
  items: { id: string; data: Buffer }[],
  gate: SQL,
) => sql`
  insert into ${files} (company_id, id, kind, content_type, size, data)
  select ${companyId}, x.id, ${file.kind}, ${file.contentType}, octet_length(x.data), x.data
    from ${gate} cross join (values ${sql.join(
      items.map((f) => sql`(${f.id}::uuid, decode(${f.data.toString('base64')}, 'base64'))`),
      sql`, `,
    )}) as x(id, data)
  returning id`;

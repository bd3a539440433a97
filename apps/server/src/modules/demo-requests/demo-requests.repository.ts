import type { Db } from '../../db/client';
import { demoRequests } from '../../db/schema';

export async function insertDemoRequest(db: Db, values: typeof demoRequests.$inferInsert) {
  const [row] = await db.insert(demoRequests).values(values).returning({ id: demoRequests.id });
  if (!row) throw new Error('demo request insert returned nothing');
  return row;
}

import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { files } from '../../db/schema';

export async function insertFile(
  tx: Tx,
  companyId: string,
  file: { kind: string; contentType: string; data: Buffer },
) {
  const [row] = await tx
    .insert(files)
    .values({
      companyId,
      kind: file.kind,
      contentType: file.contentType,
      size: file.data.length,
      data: file.data,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('file insert returned nothing');
  return row.id;
}

export async function findFile(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select({ contentType: files.contentType, data: files.data, size: files.size })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, id)));
  return row;
}

export async function deleteFile(tx: Tx, companyId: string, id: string) {
  await tx.delete(files).where(and(eq(files.companyId, companyId), eq(files.id, id)));
}

import type { Site } from '@vigie/contract/sites.contract';
import type { sites } from '../../db/schema';

export type SiteRow = typeof sites.$inferSelect;
export type SiteWithCounts = Omit<SiteRow, 'searchText'> & { camerasCount: number; alarmsCount: number };

export const toSiteDto = (s: SiteWithCounts): Site => ({
  id: s.id,
  name: s.name,
  address: s.address,
  type: s.type,
  contactName: s.contactName,
  contactPhone: s.contactPhone,
  contactEmail: s.contactEmail,
  status: s.status,
  camerasCount: s.camerasCount,
  alarmsCount: s.alarmsCount,
  latitude: s.latitude,
  longitude: s.longitude,
  geofenceRadiusM: s.geofenceRadiusM,
  requiredQualifications: s.requiredQualifications,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

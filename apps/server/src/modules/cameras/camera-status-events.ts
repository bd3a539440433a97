// Camera status transitions found by the health monitor, camera edits and deletions, for in-process
// subscribers (the alarms module listens here; camera_events stays the durable record).
import { EventEmitter } from 'node:events';
import type { CameraStatus } from '@vigie/contract/cameras.contract';

export interface CameraStatusEvent {
  companyId: string;
  cameraId: string;
  status: CameraStatus;
}

/** A camera removed from the company (emitted after the deletion committed). */
export interface CameraDeletedEvent {
  companyId: string;
  cameraId: string;
}

export const cameraStatusEvents = new EventEmitter<{
  status: [CameraStatusEvent];
  deleted: [CameraDeletedEvent];
  /** Edited (after the commit): its live stream restarts with the new address and credentials. */
  updated: [CameraDeletedEvent];
}>();

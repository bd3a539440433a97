// Camera status transitions found by the health monitor, for in-process subscribers (the alarms
// and real-time modules will listen here; camera_events stays the durable record).
import { EventEmitter } from 'node:events';
import type { CameraStatus } from '@vigie/contract/cameras.contract';

export interface CameraStatusEvent {
  companyId: string;
  cameraId: string;
  status: CameraStatus;
}

export const cameraStatusEvents = new EventEmitter<{ status: [CameraStatusEvent] }>();

// Guard tours (rondes): the services the routes call, gathered in one place. Tours and their
// checkpoints are in tours.service.ts, rounds in rounds.service.ts, scans in scans.service.ts and
// the weekly completion rate in tour-stats.service.ts; schedules and alerts run in
// guard-tours.jobs.ts. Their SQL is in the *.repository.ts files of the same names.
export { createRound, getRound, listRounds, startRound } from './rounds.service';
export { scan } from './scans.service';
export { requireManager } from './tour-roles';
export { stats } from './tour-stats.service';
export {
  createTour,
  deleteTour,
  getTour,
  labelsInput,
  listTours,
  regenerateLabel,
  updateTour,
} from './tours.service';

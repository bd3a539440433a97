// Rapports et analyses: generated reports and their schedules (migration 0020).
export {};

// Lone-worker protection (PTI/DATI): filled by the lone-worker module (migration 0024).
export {};

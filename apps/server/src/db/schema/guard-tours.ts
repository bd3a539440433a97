// Guard tours (rondes) (migration 0023).
export {};

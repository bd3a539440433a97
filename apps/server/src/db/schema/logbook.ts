// Main courante électronique (migration 0022).
export {};

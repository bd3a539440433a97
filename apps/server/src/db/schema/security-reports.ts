// Rapports de Sécurité (migration 0021).
export {};

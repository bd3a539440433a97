/** Root of the integration keys' query keys: mutations invalidate it. */
export const integrationsKey = ['integration-keys'] as const;

export const integrationsKeys = {
  list: [...integrationsKey, 'list'] as const,
};

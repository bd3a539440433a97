/** Root of every users query key: mutations invalidate it. */
export const usersKey = ['users'] as const;

export const usersKeys = {
  list: [...usersKey, 'list'] as const,
};

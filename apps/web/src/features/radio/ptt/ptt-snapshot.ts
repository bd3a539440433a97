export type PttConnection = 'off' | 'connecting' | 'on';
/** preparing: microphone and socket; waiting: talk-start sent; ending: released, last chunk going. */
export type PttTalk = 'idle' | 'preparing' | 'waiting' | 'talking' | 'ending';
export type PttNotice = { tone: 'info' | 'warning' | 'error'; text: string };

/** What the push-to-talk panel shows: the session's state, read through its snapshot. */
export type PttSnapshot = {
  connection: PttConnection;
  talk: PttTalk;
  /** When our transmission started (Date.now()), for the running time. */
  talkStartedAt: number | null;
  /** Who is talking on the channel (someone else). */
  speaker: string | null;
  /** Audio bytes received since the page opened (tests read it). */
  bytes: number;
  notice: PttNotice | null;
  /** Why the microphone is needed and how to allow it, after a refusal. */
  micHelp: string | null;
};

export const idlePttSnapshot: PttSnapshot = {
  connection: 'off',
  talk: 'idle',
  talkStartedAt: null,
  speaker: null,
  bytes: 0,
  notice: null,
  micHelp: null,
};

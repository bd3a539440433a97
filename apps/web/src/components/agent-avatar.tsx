import { useAgentPhoto } from '../lib/agent-photo';
import { cn } from '../lib/utils';

const sizes = { md: 'size-12 text-base', lg: 'size-20 text-2xl' } as const;

function initialsOf(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** The agent's photo (fetched with the session's token), or their initials. */
export function AgentAvatar({
  name,
  photo,
  size = 'md',
}: {
  name: string;
  photo: string | null;
  size?: keyof typeof sizes;
}) {
  const src = useAgentPhoto(photo);
  return src ? (
    <img
      src={src}
      alt=""
      className={cn('shrink-0 rounded-full border border-ink-600 object-cover', sizes[size])}
    />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full border border-blue-500/40 bg-blue-500/15 font-semibold text-blue-200',
        sizes[size],
      )}
    >
      {initialsOf(name)}
    </span>
  );
}

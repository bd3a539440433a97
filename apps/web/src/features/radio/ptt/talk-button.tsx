import { Mic } from 'lucide-react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n/i18n';

type TalkButtonProps = {
  channelId: string;
  /** A transmission is being prepared, on or ending. */
  active: boolean;
  describedBy: string;
  onPress: () => void;
  onRelease: () => void;
};

const isTalkKey = (event: KeyboardEvent) => event.key === ' ' || event.key === 'Enter';

/** 'Parler': press and hold (pointer, space or Enter), release to end the transmission. */
export function TalkButton({ channelId, active, describedBy, onPress, onRelease }: TalkButtonProps) {
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    try {
      // Keeps receiving the release even when the finger or pointer slides off the button.
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A synthetic pointer (tests) cannot be captured.
    }
    onPress();
  };

  return (
    <Button
      size="lg"
      variant={active ? 'danger' : 'primary'}
      className="w-full touch-none select-none px-3"
      aria-describedby={describedBy}
      data-testid={`ptt-talk-${channelId}`}
      data-active={active ? 'true' : 'false'}
      onPointerDown={onPointerDown}
      onPointerUp={onRelease}
      onPointerCancel={onRelease}
      onLostPointerCapture={onRelease}
      onKeyDown={(event) => {
        if (!isTalkKey(event)) return;
        event.preventDefault();
        if (!event.repeat) onPress();
      }}
      onKeyUp={(event) => {
        if (!isTalkKey(event)) return;
        event.preventDefault();
        onRelease();
      }}
      onBlur={onRelease}
      onContextMenu={(event) => event.preventDefault()}
    >
      <Mic aria-hidden="true" />
      {t('Parler')}
    </Button>
  );
}

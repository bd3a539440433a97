import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';

type LoadErrorProps = { error: unknown; fallback: string; onRetry: () => void };

/** A section that could not load: the server's reason (or the fallback) and 'Réessayer'. */
export function LoadError({ error, fallback, onRetry }: LoadErrorProps) {
  return (
    <div className="flex flex-col items-center gap-3 p-8 text-center">
      <p className="text-sm text-red-200">{errorMessage(error, fallback)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Réessayer
      </Button>
    </div>
  );
}

import { Spinner } from '../../../components/ui/spinner';

export function SectionLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center p-10">
      <Spinner label={label} />
    </div>
  );
}

import RadioPage from '../../features/radio/radio-page';

export function Component() {
  return <RadioPage />;
}

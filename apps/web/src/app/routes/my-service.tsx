import MyServicePage from '../../features/planning/my-service/my-service-page';

export function Component() {
  return <MyServicePage />;
}

import { usePageTitle } from '../../components/use-page-title';

export function About() {
  usePageTitle('About');
  return <h1 className="text-center py-5">About Smart Zone</h1>;
}

import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../../../components/QueryError';
import { Spinner } from '../../../components/Spinner';
import { usePageTitle } from '../../../components/use-page-title';
import { itemListQuery } from '../../../lib/item-queries';
import { HomeCarousel } from './HomeCarousel';
import { ItemGrid } from './ItemGrid';
import { LinkButton } from '../../../components/LinkButton';

export const HOME_ITEM_COUNT = 6;

export function Home() {
  usePageTitle('Home');
  const items = useQuery(itemListQuery({ limit: HOME_ITEM_COUNT }));
  return (
    <>
      <HomeCarousel />
      <section aria-labelledby="home-inventory">
        <h1 id="home-inventory" className="text-center mb-4">
          Inventory
        </h1>
        {items.isPending ? (
          <Spinner label="Loading items..." />
        ) : items.isError ? (
          <QueryError error={items.error} onRetry={() => void items.refetch()} />
        ) : items.data.length === 0 ? (
          <p className="text-center text-secondary">The warehouse is empty. Add the first item.</p>
        ) : (
          <ItemGrid items={items.data} />
        )}
        <div className="text-center mt-4">
          <LinkButton to="/manageinventories" variant="dark" size="lg">
            Manage Inventories
          </LinkButton>
        </div>
      </section>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { ListQuery } from '../../../components/ListQuery';
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
        <ListQuery query={items} empty={<p className="text-center text-secondary">The warehouse is empty. Add the first item.</p>}>
          {(rows) => <ItemGrid items={rows} />}
        </ListQuery>
        <div className="text-center mt-4">
          <LinkButton to="/manageinventories" variant="dark" size="lg">
            Manage Inventories
          </LinkButton>
        </div>
      </section>
    </>
  );
}

import { SPEC_LIMITS, SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { LinkButton } from '../../../components/LinkButton';
import { ListQuery } from '../../../components/ListQuery';
import { CardGridSkeleton } from '../../../components/Skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useItems } from '../api/get-items';
import { HomeCarousel } from './HomeCarousel';
import { ItemGrid } from './ItemGrid';

export function Home() {
  usePageTitle('Home');
  const items = useItems({ limit: SPEC_LIMITS.homeItemCount });
  return (
    <>
      <HomeCarousel />
      <section aria-labelledby="home-inventory">
        <h1 id="home-inventory" className="text-center mb-4">
          {SPEC_TEXTS.homeInventoryHeading}
        </h1>
        <ListQuery
          query={items}
          placeholder={<CardGridSkeleton count={SPEC_LIMITS.homeItemCount} />}
          empty={<p className="text-center text-secondary">The warehouse is empty. Add the first item.</p>}
        >
          {(page) => <ItemGrid items={page.items} onFirstScreen={false} />}
        </ListQuery>
        <div className="text-center mt-4">
          <LinkButton to={paths.manageInventories.homeButtonHref()} variant="dark" size="lg">
            {SPEC_TEXTS.manageInventoriesButton}
          </LinkButton>
        </div>
      </section>
    </>
  );
}
